/**
 * Playback benchmark (issue 17 "Measured"; decision 0044): HLS segments served per second by ONE
 * server process with every check a segment request makes (token HMAC over guest, expiry and
 * resource; the caller's session from the cookie; the allowance; the cached video facts; banned
 * country; FSK-18), next to the bench baseline route answering a precomputed body of the same size,
 * and the bytes on disk of the seeded demo media (the image pool and the clip pool).
 *
 * The server runs in production mode on the demo data of `npm run bench` (BENCH_DATABASE_URL). The
 * clip pool is made first if the data dir lacks it (a database seeded before the pool existed): the
 * seed's own generator, idempotent. A bench guest with a live session starts a free FSK-16 video
 * (full access) through `watch/start`; autocannon then requests the playlist's segment URLs in turn
 * with the guest's cookie, BENCH_CONNECTIONS (50) connections for BENCH_DURATION (10 s).
 *
 * Alone: `npx tsx bench/playback-segments.ts`. Env: BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/vela_bench, created and seeded with the demo data when
 * missing), BENCH_PLAYBACK_PORT (3980), BENCH_CONNECTIONS, BENCH_DURATION.
 */
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, queryRows } from '@vela/db/client';
import { clipDirOf } from '@vela/db/clip-pool';
import { sql } from '@vela/db/orm';
import { generateClips } from '@vela/db/seed/clips';
import autocannon from 'autocannon';
import { benchGuest } from './guest-session.ts';
import { ensureDatabase, startServer, stopServer, waitAlive } from './server-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vela_bench';
const port = Number(process.env.BENCH_PLAYBACK_PORT ?? 3980);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const base = `http://127.0.0.1:${port}`;
const DATA_DIR = 'bench';

interface Rate {
  reqPerSec: number;
  mbPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface PlaybackBenchResult {
  connections: number;
  durationS: number;
  segments: { count: number; avgBytes: number } & Rate;
  baseline: Rate;
  /** segments req/s / baseline req/s. */
  ratio: number;
  disk: { imagesBytes: number; imageFiles: number; clipsBytes: number; clipFiles: number };
}

/** Bytes and files under `dir` (0 when it does not exist). */
async function sizeOf(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
    files++;
  }
  return { bytes, files };
}

function rateOf(result: autocannon.Result): Rate {
  return {
    reqPerSec: Math.round(result.requests.average),
    mbPerSec: Math.round((result.throughput.average / 1e6) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A free FSK-16 video whose performer bans no country: it plays in full for every guest. */
async function freeVideoId(): Promise<number> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select v.id from videos v join actors a on a.id = v.actor_id
          where v.free and v.age_rating = 16 and cardinality(a.banned_country_codes) = 0
          order by v.duration_s desc, v.id limit 1`,
    );
    if (!row) throw new Error('no free FSK-16 video in the bench data');
    return Number(row.id);
  } finally {
    await database.close();
  }
}

export async function runPlaybackBench(): Promise<PlaybackBenchResult> {
  await ensureDatabase(databaseUrl);
  const mediaDir = join(root, 'data', DATA_DIR, 'media');
  await generateClips(clipDirOf(mediaDir), 'demo');
  const server = startServer({ port, databaseUrl, dataDir: DATA_DIR, env: { ENABLE_BENCH_ROUTES: 'true' } });
  try {
    await waitAlive(server, async () => (await fetch(`${base}/rest/v1/alive`)).ok);
    const { cookie } = await benchGuest(databaseUrl, 'playback');
    const videoId = await freeVideoId();
    const started = await fetch(`${base}/rest/v1/watch/start?videoId=${videoId}`, { headers: { cookie } });
    if (!started.ok) throw new Error(`watch/start answered ${started.status}: ${await started.text()}`);
    const { data } = (await started.json()) as { data: { access: string; manifestUrl: string } };
    if (data.access !== 'full') throw new Error(`expected full access, got ${data.access}`);
    const playlist = await (await fetch(`${base}${data.manifestUrl}`, { headers: { cookie } })).text();
    const paths = playlist.split('\n').filter((line) => line.includes('.ts?t='));
    // The clip's distinct segments (the playlist loops them): their average size for the baseline.
    let bytes = 0;
    const distinct = paths.slice(0, 12);
    for (const path of distinct)
      bytes += (await (await fetch(`${base}${path}`, { headers: { cookie } })).arrayBuffer()).byteLength;
    const avgBytes = Math.round(bytes / distinct.length);
    const requests = paths.map((path) => ({ method: 'GET' as const, path }));
    // Warm up (JIT, the video facts cache, the page cache of the files).
    await autocannon({ url: base, connections: 10, duration: 2, headers: { cookie }, requests });
    const segments = rateOf(
      await autocannon({ url: base, connections, duration, headers: { cookie }, requests }),
    );
    const baselinePath = `/__bench/baseline?bytes=${avgBytes}&type=json`;
    await autocannon({ url: `${base}${baselinePath}`, connections: 10, duration: 2 });
    const baseline = rateOf(await autocannon({ url: `${base}${baselinePath}`, connections, duration }));
    const images = await sizeOf(mediaDir);
    const clips = await sizeOf(clipDirOf(mediaDir));
    return {
      connections,
      durationS: duration,
      segments: { count: paths.length, avgBytes, ...segments },
      baseline,
      ratio: Math.round((segments.reqPerSec / baseline.reqPerSec) * 1000) / 1000,
      disk: {
        imagesBytes: images.bytes,
        imageFiles: images.files,
        clipsBytes: clips.bytes,
        clipFiles: clips.files,
      },
    };
  } finally {
    await stopServer(server);
  }
}

export function printPlaybackBench(result: PlaybackBenchResult): void {
  const { segments: s, baseline: b, disk } = result;
  console.log(
    `playback segments: ${s.reqPerSec} segments/s (${s.mbPerSec} MB/s, ${s.avgBytes} B each) p50 ${s.p50} ms p99 ${s.p99} ms errors ${s.errors + s.non2xx} | baseline same size ${b.reqPerSec} req/s p50 ${b.p50} ms p99 ${b.p99} ms | ratio ${(result.ratio * 100).toFixed(1)}%`,
  );
  console.log(
    `seeded demo media on disk: images ${(disk.imagesBytes / 1e6).toFixed(1)} MB in ${disk.imageFiles} files, clips ${(disk.clipsBytes / 1e6).toFixed(2)} MB in ${disk.clipFiles} files`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printPlaybackBench(await runPlaybackBench());
