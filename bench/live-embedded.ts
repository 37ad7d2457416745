/**
 * Live media bench, embedded path (issue 16, decision 0038 part 5): werift in this process, the
 * viewers in a real headless Chromium (one page, one peer connection and <video> per viewer).
 *
 * 1. Source: one test-pattern ffmpeg (640×360, 15 fps, VP8 realtime 400k) — its CPU from
 *    /proc/<pid>/stat over BENCH_LIVE_SECONDS (10).
 * 2. Viewers of that source, 1, 5, 10 (BENCH_LIVE_VIEWERS): once all decode, this process's CPU
 *    (process.cpuUsage: werift's SRTP, packetisation, RTCP; nothing else runs here) over the window,
 *    minus the same window with the source and no viewers; and the frames each viewer decoded per
 *    second (requestVideoFrameCallback).
 * 3. Frame-to-screen latency (bench/live-latency.ts, the same method as bench/live-janus.ts): a second
 *    performer publishes from a werift peer in this process that sends another ffmpeg's RTP (the
 *    "camera") and notes the wall clock at which the first packet of each frame left; one Chromium
 *    viewer reports, per frame, its RTP timestamp and `expectedDisplayTime` (performance.timeOrigin-
 *    based, the same clock on one machine). Latency = shown − sent, p50/p95: network hops through
 *    werift twice, Chromium's jitter buffer, decode and compositing; not ffmpeg's encoding (a few ms
 *    at -cpu-used 8).
 *
 * Alone: `npx tsx bench/live-embedded.ts` (writes bench/results/live-embedded.json). Chromium:
 * CHROMIUM_PATH (/usr/bin/chromium). A screenshot of the decoding page: BENCH_LIVE_SCREENSHOT.
 */
import { createWeriftMedia } from '../apps/server/src/modules/live/media/werift-media.ts';
import { ffmpegPids } from '../apps/server/test/webrtc-browser.ts';
import { closeViewersInPage, countDecodedFrames, decodedFrames } from '../e2e/live-frames.ts';
import {
  cameraLatency,
  type LatencyFigures,
  latencyLine,
  sleep,
  viewerPage,
  waitUntil,
  watchInPage,
} from './live-latency.ts';
import { cpuPercentOver, processCpuSeconds, saveResult } from './process-cpu.ts';
import { round } from './stats.ts';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_LIVE_VIEWERS ?? '1,5,10').split(',').map(Number);

/** Progress on stderr (BENCH_LIVE_VERBOSE=true). */
const step = (what: string) => {
  if (process.env.BENCH_LIVE_VERBOSE === 'true') console.error(`[live-embedded] ${what}`);
};

const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

export interface LiveEmbeddedBenchResult {
  seconds: number;
  source: { ffmpegCpuPercent: number; serverCpuPercentNoViewers: number };
  viewers: {
    viewers: number;
    serverCpuPercent: number;
    cpuPercentPerViewer: number;
    fpsMin: number;
    fpsMean: number;
  }[];
  latency: LatencyFigures;
}

export async function runLiveEmbeddedBench(): Promise<LiveEmbeddedBenchResult> {
  const media = createWeriftMedia({ liveUdpPorts: [43000, 43999], liveSourceIdleMs: 600_000 });
  const { browser, page } = await viewerPage();
  const results = { seconds: SECONDS } as LiveEmbeddedBenchResult;
  try {
    step('source');
    await media.ensureSource(1, { kind: 'test-pattern', label: 'Bench Performer' });
    await sleep(1000);
    const [ffmpeg] = ffmpegPids();
    if (!ffmpeg) throw new Error('no ffmpeg');
    const [sourceCpu, idleServerCpu] = await Promise.all([
      cpuPercentOver(SECONDS, () => processCpuSeconds(ffmpeg)),
      cpuPercentOver(SECONDS, ownCpuSeconds),
    ]);
    results.source = { ffmpegCpuPercent: sourceCpu, serverCpuPercentNoViewers: idleServerCpu };
    step(JSON.stringify(results.source));

    const levels: LiveEmbeddedBenchResult['viewers'] = [];
    let opened = 0;
    for (const viewers of LEVELS) {
      const ids: string[] = [];
      for (let i = 0; i < viewers; i += 1) {
        const id = `v${opened++}`;
        ids.push(id);
        await watchInPage(media, page, id, 1);
      }
      step(`${viewers} viewers answered`);
      const videos = ids.map((id) => page.locator(`video#${id}`));
      await Promise.all(videos.map((video) => countDecodedFrames(video)));
      await waitUntil('every viewer decoding', async () =>
        (await Promise.all(videos.map(decodedFrames))).every((n) => n > 5),
      );
      if (levels.length === 0 && process.env.BENCH_LIVE_SCREENSHOT) {
        await page.screenshot({ path: process.env.BENCH_LIVE_SCREENSHOT });
      }
      step(`${viewers} viewers decoding`);
      const framesBefore = await Promise.all(videos.map(decodedFrames));
      const serverCpu = await cpuPercentOver(SECONDS, ownCpuSeconds);
      const framesAfter = await Promise.all(videos.map(decodedFrames));
      const fps = framesAfter.map((n, i) => (n - (framesBefore[i] ?? 0)) / SECONDS);
      const level = {
        viewers,
        serverCpuPercent: serverCpu,
        cpuPercentPerViewer: round((serverCpu - idleServerCpu) / viewers, 2),
        fpsMin: round(Math.min(...fps), 1),
        fpsMean: round(fps.reduce((a, b) => a + b, 0) / fps.length, 1),
      };
      levels.push(level);
      step(JSON.stringify(level));
      await Promise.all(ids.map((id) => media.close(id)));
      await closeViewersInPage(page, ids);
    }
    results.viewers = levels;

    step('latency');
    results.latency = await cameraLatency(media, page, 2, SECONDS);
  } finally {
    await browser.close();
    await media.stop();
  }
  return results;
}

export function printLiveEmbeddedBench(result: LiveEmbeddedBenchResult): void {
  console.log(
    `live embedded: source ffmpeg ${result.source.ffmpegCpuPercent} % of a core; server ${result.source.serverCpuPercentNoViewers} % without viewers (${result.seconds} s windows)`,
  );
  for (const level of result.viewers) {
    console.log(
      `  ${level.viewers} viewers: server ${level.serverCpuPercent} % (${level.cpuPercentPerViewer} % per viewer), fps min ${level.fpsMin} mean ${level.fpsMean}`,
    );
  }
  console.log(`  ${latencyLine(result.latency)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLiveEmbeddedBench();
  printLiveEmbeddedBench(result);
  saveResult('live-embedded.json', result);
}
