/**
 * `npm run bench`: starts the real server on PostgreSQL (production mode, demo data, bench routes enabled) and
 * measures with autocannon, in one run: home page SSR, actor profile SSR (each as an anonymous visitor, served by
 * the page micro-cache, as a request with an unknown cookie, rendered for itself, and as a logged-in guest, served
 * the page shared by every guest: decision 0033), the videos overview as a logged-in guest, that guest's
 * `guest/me` (the per-guest part the shared pages read after hydration) and /rest/v1/alive, each
 * against the baseline route of the same server returning a precomputed body of the same size. Prints req/s, p50/p99 latency
 * and the ratio to the baseline, and writes bench/results/latest.json.
 *
 * Then the ledger benchmark of bench/ledger.ts (purchase transactions/s next to pgbench TPC-B), the
 * catalog and search benchmark of bench/catalog.ts (its own server on the bench-size seed), and the
 * realtime benchmark of bench/realtime.ts (its own server on this database: 10,000 held sockets and the
 * fan-out latency of one event to 1,000 sockets; needs `ulimit -n` above 10,200), the messenger benchmark of
 * bench/messenger.ts (its own server: send -> delivery on the guest's other page, paid messages/s; issue 19), and the login benchmark of
 * bench/login.ts (its own server: alive latency while 20 logins/s run; issue 14), and the first-load JavaScript of
 * bench/first-load-js.ts (its own server: compressed script bytes of home, two listings and a profile in Chromium at
 * 390 px; issue 15; needs the web build), the click to first frame of a bought video of bench/player-first-frame.ts (its own
 * server; issue 17; needs the web build), and the live benchmarks: media (bench/live-embedded.ts, bench/live-janus.ts)
 * and billing (bench/live-billing.ts: 300 billed chats x 10 minutes on PostgreSQL).
 * The playback benchmark of bench/playback-segments.ts (its own server: HLS segments per second with every
 * token check, and the seeded demo media on disk; issue 17) runs after the first-load JavaScript.
 *
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vela_bench, created and seeded if missing),
 * BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_PORT (3900), BENCH_PAGES_ONLY (true: the rows of this
 * server alone, written to bench/results/pages.json), BENCH_ROWS (with BENCH_PAGES_ONLY: only the rows named,
 * comma-separated, e.g. `home guest,videos guest`; BENCH_ROUNDS (1) runs them that many times in turn, so
 * two rows on a shared machine are compared in the same moments), BENCH_DECODE_BODIES (true: autocannon
 * decodes every body as it does by default; see bench/autocannon-bodies.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { skipBodyDecoding } from './autocannon-bodies.ts';
import { printCatalogBench, runCatalogBench } from './catalog.ts';
import { printFirstLoadBench, runFirstLoadBench } from './first-load-js.ts';
import { benchGuest } from './guest-session.ts';
import { printLedgerBench, runLedgerBench } from './ledger.ts';
import { printLiveBillingBench, runLiveBillingBench } from './live-billing.ts';
import { printLiveEmbeddedBench, runLiveEmbeddedBench } from './live-embedded.ts';
import { printLiveJanusBench, runLiveJanusBench } from './live-janus.ts';
import { printLoginBench, runLoginBench } from './login.ts';
import { printMessengerBench, runMessengerBench } from './messenger.ts';
import { printPlaybackBench, runPlaybackBench } from './playback-segments.ts';
import { printPlayerFirstFrameBench, runPlayerFirstFrameBench } from './player-first-frame.ts';
import { printRealtimeBench, runRealtimeBench } from './realtime.ts';
import { ensureDatabase, startServer, waitAlive } from './server-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3900);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vela_bench';
const base = `http://127.0.0.1:${port}`;

interface Measured {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(path: string, headers: Record<string, string> = {}): Promise<Measured> {
  const result = await autocannon({ url: `${base}${path}`, connections, duration, headers });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** What a browser sends (Chromium): the cached pages answer gzip from their kept copy (page-cache.ts). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The body's bytes as sent (not decoded: node:http leaves a compressed body as it is). */
function sentBytes(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  // The client keeps no body text (it never reads it): decoding the pages' bytes was most of its work.
  // BENCH_DECODE_BODIES=true measures as autocannon does by itself (the runs before 2026-11-26 18:00).
  if (process.env.BENCH_DECODE_BODIES !== 'true') skipBodyDecoding();
  await ensureDatabase(databaseUrl);
  const server = startServer({
    port,
    databaseUrl,
    dataDir: 'bench',
    env: {
      ENABLE_BENCH_ROUTES: 'true',
      // A fresh secret per benchmark run unless given.
      SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
      PAYMENT_WEBHOOK_SECRET: process.env.PAYMENT_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
    },
  });
  try {
    await waitAlive(server, async () => (await fetch(`${base}/rest/v1/alive`)).ok);
    const home = await fetch(`${base}/en/`).then((r) => r.text());
    const actor = /href="(\/en\/amateur\/[^/"]+\/)"/.exec(home)?.[1];
    if (!actor) throw new Error('no actor link on the home page');
    // Anonymous visitors are served from the page micro-cache (PAGE_CACHE_TTL_MS); a request carrying an
    // unknown cookie is rendered for itself: the "render" rows measure that path.
    const render = { cookie: 'bench=render' };
    // A logged-in guest (decision 0033): home, profile and the videos overview are the pages shared by
    // every guest; the "guest me" row is the per-guest part the page reads after hydration. The guest
    // and its session are written to the database as login writes them (the public signup allows 5
    // signups per hour per IP, which a sixth run in an hour would exceed).
    const guest = { cookie: (await benchGuest(databaseUrl, 'pages')).cookie };
    const targets = [
      { name: 'home SSR', path: '/en/', type: 'html', headers: {} },
      { name: 'home render', path: '/en/', type: 'html', headers: render },
      { name: 'home guest', path: '/en/', type: 'html', headers: guest },
      { name: 'profile SSR', path: actor, type: 'html', headers: {} },
      { name: 'profile rend', path: actor, type: 'html', headers: render },
      { name: 'profile guest', path: actor, type: 'html', headers: guest },
      { name: 'videos guest', path: '/en/videos/', type: 'html', headers: guest },
      // The same with a browser's Accept-Encoding; its baseline sends the same number of bytes.
      {
        name: 'videos gzip',
        path: '/en/videos/',
        type: 'html',
        headers: { ...guest, 'accept-encoding': BROWSER_ENCODINGS },
      },
      { name: 'guest me', path: '/rest/v1/guest/me', type: 'json', headers: guest },
      { name: 'alive', path: '/rest/v1/alive', type: 'json', headers: {} },
    ];
    const named = process.env.BENCH_ROWS?.split(',').map((name) => name.trim());
    const unknown = named?.filter((name) => !targets.some((t) => t.name === name)) ?? [];
    if (unknown.length > 0) throw new Error(`BENCH_ROWS: no row named ${unknown.join(', ')}`);
    const chosen = named ? targets.filter((t) => named.includes(t.name)) : targets;
    const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
    const rows = [];
    for (const t of Array.from({ length: rounds }, () => chosen).flat()) {
      // Twice: the first answer of a page may come before its kept gzip copy is made.
      await sentBytes(t.path, t.headers);
      const bytes = await sentBytes(t.path, t.headers);
      const baselinePath = `/__bench/baseline?bytes=${bytes}&type=${t.type}`;
      // warm up both routes
      await autocannon({ url: `${base}${t.path}`, connections: 10, duration: 2, headers: t.headers });
      const subject = await measure(t.path, t.headers);
      const baseline = await measure(baselinePath);
      const ratio = subject.reqPerSec / baseline.reqPerSec;
      rows.push({ ...t, bytes, subject, baseline, ratio: Math.round(ratio * 1000) / 1000 });
      console.log(
        `${t.name.padEnd(13)} ${String(bytes).padStart(7)} B  ${String(subject.reqPerSec).padStart(6)} req/s  p50 ${subject.p50} ms  p99 ${subject.p99} ms | baseline ${baseline.reqPerSec} req/s p50 ${baseline.p50} ms p99 ${baseline.p99} ms | ratio ${(ratio * 100).toFixed(1)}%  errors ${subject.errors + subject.non2xx}`,
      );
    }
    if (process.env.BENCH_PAGES_ONLY === 'true') {
      // The page rows alone (a quick check while working on pages); the other benchmarks take minutes.
      mkdirSync(join(root, 'bench', 'results'), { recursive: true });
      writeFileSync(
        join(root, 'bench', 'results', 'pages.json'),
        `${JSON.stringify({ at: new Date().toISOString(), connections, duration, rows }, null, 2)}\n`,
      );
      return;
    }
    // The ledger next to pgbench TPC-B on the same PostgreSQL server (bench/ledger.ts).
    const ledger = await runLedgerBench();
    printLedgerBench(ledger);
    server.kill('SIGTERM');
    // Catalog and search on the bench-size seed (bench/catalog.ts), with its own server.
    const catalog = await runCatalogBench();
    printCatalogBench(catalog);
    // Sockets held and fan-out latency (bench/realtime.ts), with its own server; a missing file limit
    // (ulimit -n) is reported without losing the results above.
    const realtime = await runRealtimeBench().catch((error: unknown) => ({
      error: error instanceof Error ? error.message : String(error),
    }));
    if ('error' in realtime) console.log(`realtime: not measured: ${realtime.error}`);
    else printRealtimeBench(realtime);
    // Messenger send -> delivery on the guest's other page, in-process bus and Redis, and paid messages/s
    // one node accepts (bench/messenger.ts), with its own server on a clone of the tests' seeded database.
    const messenger = await runMessengerBench();
    printMessengerBench(messenger);
    // Requests and sockets while logins hash passwords (bench/login.ts), with its own server.
    const login = await runLoginBench();
    printLoginBench(login);
    // Compressed JavaScript a phone downloads before interaction (bench/first-load-js.ts), with its own server.
    const firstLoad = await runFirstLoadBench();
    printFirstLoadBench(firstLoad);
    // HLS segments per second with every token check, and the media on disk (bench/playback-segments.ts), with its own server.
    const playback = await runPlaybackBench();
    printPlaybackBench(playback);
    // Click to the first frame of a bought video in Chromium (bench/player-first-frame.ts), with its own server.
    const playerFirstFrame = await runPlayerFirstFrameBench();
    printPlayerFirstFrameBench(playerFirstFrame);
    // Live media in this process (werift) to headless Chromium viewers (bench/live-embedded.ts).
    const liveEmbedded = await runLiveEmbeddedBench();
    printLiveEmbeddedBench(liveEmbedded);
    // Live media through Janus, when JANUS_URL names one (bench/live-janus.ts: Janus's CPU per viewer).
    if (process.env.JANUS_URL) printLiveJanusBench(await runLiveJanusBench());
    // 300 billed live chats x 10 minutes on the real billing loop and ledger (bench/live-billing.ts).
    const liveBilling = await runLiveBillingBench();
    printLiveBillingBench(liveBilling);
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(root, 'bench', 'results', 'latest.json'),
      `${JSON.stringify({ at: new Date().toISOString(), connections, duration, rows, ledger, catalog, realtime, messenger, login, firstLoad, playback, playerFirstFrame, liveEmbedded, liveBilling }, null, 2)}\n`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
