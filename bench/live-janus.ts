/**
 * Live media bench, Janus path (issue 16, decision 0038 part 5): a running Janus 1.1.2 (JANUS_URL,
 * default http://127.0.0.1:8088/janus; `janus --configs-folder=ops/janus --daemon`), the test
 * pattern's ffmpeg feeding a Streaming mountpoint, viewers as werift peer connections in this process
 * (test/webrtc-browser.ts: they receive and count RTP, they do not decode).
 *
 * 1. Source: ffmpeg's CPU (640×360, 15 fps, VP8 realtime 400k) and Janus's CPU with the mountpoint
 *    and no viewer, each from /proc/<pid>/stat over BENCH_LIVE_SECONDS (10).
 * 2. Viewers 1, 5, 10 (BENCH_LIVE_VIEWERS): once every viewer has a keyframe, Janus's CPU over the
 *    window minus the no-viewer window, per viewer; and each viewer's packets per second (min).
 *    The viewers' own CPU (werift's SRTP in this process) is not Janus's and is not counted.
 * 3. Frame-to-screen latency through Janus (bench/live-latency.ts, the same method as the embedded
 *    bench): a performer's camera (a werift peer in this process sending another ffmpeg's RTP, each
 *    frame's send time noted) publishes through `publishPerformer` (VideoRoom, `rtp_forward` into the
 *    performer's mountpoint) and one headless Chromium viewer watches the mountpoint; latency = the
 *    frame's `expectedDisplayTime` − its send time, p50/p95 over BENCH_LIVE_SECONDS. Janus rebases
 *    each viewer's RTP timestamps; the camera's moved timestamps match the frames anyway.
 *
 * Alone: `npx tsx bench/live-janus.ts` (writes bench/results/live-janus.json). Chromium: CHROMIUM_PATH.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createJanusMedia } from '../apps/server/src/modules/live/media/janus-media.ts';
import type { LiveMedia } from '../apps/server/src/modules/live/media/live-media.ts';
import { type BrowserPeer, ffmpegPids, waitFor, watchWith } from '../apps/server/test/webrtc-browser.ts';
import { cameraLatency, type LatencyFigures, latencyLine, sleep, viewerPage } from './live-latency.ts';
import { cpuPercentOver, processCpuSeconds, saveResult } from './process-cpu.ts';
import { round } from './stats.ts';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_LIVE_VIEWERS ?? '1,5,10').split(',').map(Number);
const JANUS_URL = process.env.JANUS_URL ?? 'http://127.0.0.1:8088/janus';
const ACTOR = 990_001;
/** The performer whose camera the latency viewer watches. */
const CAMERA_ACTOR = 990_002;

const cpuPercent = (pid: number) => cpuPercentOver(SECONDS, () => processCpuSeconds(pid));

/** The Janus process: JANUS_PID, else the only `janus` running. */
function janusPid(): number {
  if (process.env.JANUS_PID) return Number(process.env.JANUS_PID);
  const pids = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'janus';
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
  if (pids.length !== 1) throw new Error(`set JANUS_PID: ${pids.length} janus processes run`);
  return pids[0] as number;
}

export interface LiveJanusBenchResult {
  seconds: number;
  source: { ffmpegCpuPercent: number; janusCpuPercentNoViewers: number };
  viewers: {
    viewers: number;
    janusCpuPercent: number;
    cpuPercentPerViewer: number;
    packetsPerSecondMin: number;
  }[];
  latency: LatencyFigures;
}

export async function runLiveJanusBench(): Promise<LiveJanusBenchResult> {
  const janus = janusPid();
  const media = createJanusMedia(
    {
      janusUrl: JANUS_URL,
      janusApiSecret: process.env.JANUS_API_SECRET,
      janusAdminKey: process.env.JANUS_ADMIN_KEY ?? 'vela-local-janus-admin-key',
      liveSourceIdleMs: 60_000,
    },
    { warn() {}, info() {} },
  );
  try {
    await media.ensureSource(ACTOR, { kind: 'test-pattern', label: 'Bench Performer' });
    await sleep(2000);
    const [ffmpeg] = ffmpegPids();
    if (ffmpeg === undefined) throw new Error('no test-pattern ffmpeg');
    const [ffmpegCpuPercent, janusCpuPercentNoViewers] = await Promise.all([
      cpuPercent(ffmpeg),
      cpuPercent(janus),
    ]);
    const levels: LiveJanusBenchResult['viewers'] = [];
    for (const count of LEVELS) {
      const browsers: BrowserPeer[] = [];
      for (let i = 0; i < count; i++) browsers.push(await watchWith(media, `bench-${count}-${i}`, ACTOR));
      await waitFor('a keyframe on every viewer', () => browsers.every((b) => b.keyframes > 0), 30_000);
      const packetsBefore = browsers.map((b) => b.packets);
      const janusCpuPercent = await cpuPercent(janus);
      const rates = browsers.map((b, i) => (b.packets - (packetsBefore[i] ?? 0)) / SECONDS);
      levels.push({
        viewers: count,
        janusCpuPercent,
        cpuPercentPerViewer: round((janusCpuPercent - janusCpuPercentNoViewers) / count, 2),
        packetsPerSecondMin: round(Math.min(...rates), 1),
      });
      for (let i = 0; i < count; i++) await media.close(`bench-${count}-${i}`);
      await Promise.all(browsers.map((b) => b.close()));
      await sleep(1000);
    }
    const latency = await janusLatency(media);
    return {
      seconds: SECONDS,
      source: { ffmpegCpuPercent, janusCpuPercentNoViewers },
      viewers: levels,
      latency,
    };
  } finally {
    await media.stop();
  }
}

/** A performer's camera through Janus to a Chromium viewer: frame-to-screen p50/p95. */
async function janusLatency(media: LiveMedia): Promise<LatencyFigures> {
  const { browser, page } = await viewerPage();
  try {
    return await cameraLatency(media, page, CAMERA_ACTOR, SECONDS);
  } finally {
    await browser.close();
  }
}

export function printLiveJanusBench(result: LiveJanusBenchResult): void {
  console.log(
    `live janus: source ffmpeg ${result.source.ffmpegCpuPercent} % of a core; janus ${result.source.janusCpuPercentNoViewers} % without viewers (${result.seconds} s windows)`,
  );
  for (const level of result.viewers) {
    console.log(
      `  ${level.viewers} viewers: janus ${level.janusCpuPercent} % (${level.cpuPercentPerViewer} % per viewer), packets/s per viewer min ${level.packetsPerSecondMin}`,
    );
  }
  console.log(
    `  ${latencyLine(result.latency)} (a performer camera through the VideoRoom and the mountpoint)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLiveJanusBench();
  printLiveJanusBench(result);
  saveResult('live-janus.json', result);
}
