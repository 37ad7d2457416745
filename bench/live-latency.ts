/**
 * Chromium viewers and frame-to-screen latency for the live media benches (issue 16), one method for
 * both paths (bench/live-embedded.ts, bench/live-janus.ts):
 *
 * - `timedCamera`: a performer's camera — a werift peer in the bench process that sends an ffmpeg
 *   test pattern's RTP (`publishPerformer` takes its offer) and notes the wall clock
 *   (`performance.timeOrigin + performance.now()`) at which the first packet of each frame left.
 * - A Chromium viewer (`viewerPage`, `watchInPage`) reports per frame the RTP timestamp of
 *   `requestVideoFrameCallback`'s metadata and its `expectedDisplayTime`, on the same wall clock (one
 *   machine; e2e/live-frames.ts). Latency = display − send.
 * - A media path may rebase the RTP timestamps (Janus's Streaming plugin starts each viewer's at its
 *   first packet), so the camera moves each frame's timestamp by a random 0–89 ticks of the 90 kHz
 *   clock (under 1 ms, nothing a jitter buffer notices): the frames' spacing never repeats, and the
 *   one offset under which the shown timestamps fall on sent ones matches each frame to its send time
 *   (0 for a path that keeps them, as werift does).
 */
import { createSocket } from 'node:dgram';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { MediaStreamTrack, RTCPeerConnection, useVP8 } from 'werift';
import type { LiveMedia } from '../apps/server/src/modules/live/media/live-media.ts';
import { spawnTestPattern } from '../apps/server/src/modules/live/media/test-pattern.ts';
import { answerOfferInPage, countDecodedFrames, decodedFrames, frameTimes } from '../e2e/live-frames.ts';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { percentile, round } from './stats.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium) with one bare page for viewers. */
export async function viewerPage(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><title>live bench</title><body style="margin:0;background:#222"></body>',
  );
  return { browser, page };
}

/** A viewer of `actorId` in `sessionId` as a <video id="<sessionId>"> of `page`: offer → answer. */
export async function watchInPage(media: LiveMedia, page: Page, sessionId: string, actorId: number) {
  const { offerSdp } = await media.openViewer(sessionId, actorId);
  await media.acceptViewerAnswer(sessionId, await answerOfferInPage(page, sessionId, offerSdp));
}

export interface TimedCamera {
  offerSdp: string;
  /** The wall clock at which each frame's first packet left, by the frame's (moved) RTP timestamp. */
  sentAt: Map<number, number>;
  accept(answerSdp: string): Promise<void>;
  close(): Promise<void>;
}

/** A performer camera: ffmpeg's RTP sent from a werift peer, each frame's send time noted. */
export async function timedCamera(label: string): Promise<TimedCamera> {
  const pc = new RTCPeerConnection({ codecs: { video: [useVP8()] }, iceServers: [], iceUseIpv6: false });
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') {
    await pc.iceGatheringStateChange.watch((state) => state === 'complete', 10_000);
  }
  const sentAt = new Map<number, number>();
  /** ffmpeg's timestamp of a frame -> the one sent (moved by 0–89 ticks, the same for all its packets). */
  const moved = new Map<number, number>();
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  socket.on('message', (packet) => {
    if ((packet[1] ?? 0) >= 192 && (packet[1] ?? 0) <= 223) return; // ffmpeg's RTCP
    const original = packet.readUInt32BE(4);
    let timestamp = moved.get(original);
    if (timestamp === undefined) {
      timestamp = (original + Math.floor(Math.random() * 90)) >>> 0;
      moved.set(original, timestamp);
      sentAt.set(timestamp, performance.timeOrigin + performance.now());
    }
    packet.writeUInt32BE(timestamp, 4);
    track.writeRtp(packet);
  });
  const feed = await spawnTestPattern({ label, port: socket.address().port });
  return {
    offerSdp: pc.localDescription?.sdp ?? '',
    sentAt,
    accept: async (sdp) => {
      await pc.setRemoteDescription({ type: 'answer', sdp });
    },
    async close() {
      await feed.stop();
      socket.close();
      await pc.close();
    },
  };
}

export interface LatencyFigures {
  /** Frames the viewer showed in the window, and how many of them were matched to a send time. */
  frames: number;
  matched: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/**
 * Each shown frame's display time minus its send time. The path's timestamp offset is the one under
 * which most shown frames fall on a sent timestamp (tried from the first shown frame).
 */
export function frameToScreen(
  sentAt: Map<number, number>,
  shown: { rtpTimestamp: number; shownAt: number }[],
): LatencyFigures {
  const first = shown[0];
  let offset = 0;
  let best = -1;
  for (const sent of first ? sentAt.keys() : []) {
    const candidate = (sent - (first?.rtpTimestamp ?? 0)) >>> 0;
    const matched = shown.filter((frame) => sentAt.has((frame.rtpTimestamp + candidate) >>> 0)).length;
    if (matched > best) [offset, best] = [candidate, matched];
  }
  const latencies = shown
    .map(({ rtpTimestamp, shownAt }) => {
      const sent = sentAt.get((rtpTimestamp + offset) >>> 0);
      return sent === undefined ? undefined : shownAt - sent;
    })
    .filter((ms): ms is number => ms !== undefined)
    .sort((a, b) => a - b);
  return {
    frames: shown.length,
    matched: latencies.length,
    p50Ms: round(percentile(latencies, 50), 1),
    p95Ms: round(percentile(latencies, 95), 1),
    maxMs: round(latencies.at(-1) ?? 0, 1),
  };
}

/** The figures as the benches print them. */
export const latencyLine = (l: LatencyFigures) =>
  `frame-to-screen p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, max ${l.maxMs} ms (${l.matched}/${l.frames} frames)`;

/**
 * A performer's camera (`timedCamera`) publishes as `actorId` through `media`, a <video id="latency">
 * of `page` watches it, and its frame-to-screen latency is measured over `seconds`.
 */
export async function cameraLatency(
  media: LiveMedia,
  page: Page,
  actorId: number,
  seconds: number,
): Promise<LatencyFigures> {
  const camera = await timedCamera('Latency Camera');
  try {
    const { answerSdp } = await media.publishPerformer(actorId, camera.offerSdp);
    await camera.accept(answerSdp);
    await watchInPage(media, page, 'latency', actorId);
    const latency = await measureFrameToScreen(page.locator('video#latency'), camera, seconds);
    await media.close('latency');
    return latency;
  } finally {
    await camera.close();
  }
}

/** The frame-to-screen latency of `video` (a viewer of `camera`'s performer) over `seconds` once it decodes. */
export async function measureFrameToScreen(
  video: Locator,
  camera: TimedCamera,
  seconds: number,
): Promise<LatencyFigures> {
  await countDecodedFrames(video, { keepTimes: true });
  await waitUntil('the camera decoding', async () => (await decodedFrames(video)) > 5);
  await sleep(seconds * 1000);
  return frameToScreen(camera.sentAt, await frameTimes(video));
}
