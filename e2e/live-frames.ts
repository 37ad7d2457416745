/// <reference lib="dom" />
/**
 * Live video in a real Chromium (issue 16): count the frames a <video> decodes and time them, with
 * requestVideoFrameCallback (called once per frame composited for display). For the e2e specs (the
 * live page's player) and the live media bench (a bare page that answers a media path's offer).
 */
import type { Locator, Page } from '@playwright/test';

interface FrameLog {
  frames: number;
  /** Per frame: the RTP timestamp (WebRTC) and when it was shown, in epoch ms. */
  times: { rtpTimestamp: number; shownAt: number }[];
  keepTimes: boolean;
}

/** Starts counting the frames `video` decodes from now on (see decodedFrames). */
export async function countDecodedFrames(
  video: Locator,
  options: { keepTimes?: boolean } = {},
): Promise<void> {
  await video.evaluate((element: HTMLVideoElement, keepTimes: boolean) => {
    // tsx (esbuild keepNames) wraps named functions in __name(), which the page does not define.
    (globalThis as unknown as { __name?: unknown }).__name ??= (f: unknown) => f;
    const log: FrameLog = { frames: 0, times: [], keepTimes };
    (element as unknown as { frameLog: FrameLog }).frameLog = log;
    const next = (_now: number, metadata: VideoFrameCallbackMetadata & { rtpTimestamp?: number }) => {
      log.frames += 1;
      if (log.keepTimes && metadata.rtpTimestamp !== undefined) {
        // expectedDisplayTime: when the compositor shows the frame (performance clock).
        const shownAt = performance.timeOrigin + metadata.expectedDisplayTime;
        log.times.push({ rtpTimestamp: metadata.rtpTimestamp, shownAt });
      }
      element.requestVideoFrameCallback(next);
    };
    element.requestVideoFrameCallback(next);
  }, options.keepTimes ?? false);
}

/** Frames decoded since countDecodedFrames (0 before it). */
export function decodedFrames(video: Locator): Promise<number> {
  return video.evaluate(
    (element: HTMLVideoElement) => (element as unknown as { frameLog?: FrameLog }).frameLog?.frames ?? 0,
  );
}

/** The RTP timestamp and display time of each frame since countDecodedFrames({keepTimes: true}). */
export function frameTimes(video: Locator): Promise<{ rtpTimestamp: number; shownAt: number }[]> {
  return video.evaluate(
    (element: HTMLVideoElement) => (element as unknown as { frameLog?: FrameLog }).frameLog?.times ?? [],
  );
}

/**
 * A bare viewer in `page`: a new <video id="<id>"> plays the remote track of a peer connection that
 * answers `offerSdp` (non-trickle: the answer carries the candidates). Returns the answer SDP.
 */
export async function answerOfferInPage(page: Page, id: string, offerSdp: string): Promise<string> {
  return page.evaluate(
    async ({ id, offerSdp }) => {
      const video = document.createElement('video');
      video.id = id;
      video.muted = true;
      video.autoplay = true;
      video.playsInline = true;
      video.width = 320;
      document.body.append(video);
      const pc = new RTCPeerConnection();
      (window as unknown as Record<string, RTCPeerConnection>)[`pc-${id}`] = pc;
      pc.ontrack = (event) => {
        video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      };
      await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      await pc.setLocalDescription(await pc.createAnswer());
      if (pc.iceGatheringState !== 'complete') {
        await new Promise<void>((resolve) => {
          pc.addEventListener('icegatheringstatechange', () => {
            if (pc.iceGatheringState === 'complete') resolve();
          });
        });
      }
      return pc.localDescription?.sdp ?? '';
    },
    { id, offerSdp },
  );
}

/** Closes the bare viewers `ids` of answerOfferInPage and removes their <video>s. */
export async function closeViewersInPage(page: Page, ids: string[]): Promise<void> {
  await page.evaluate((list) => {
    for (const id of list) {
      (window as unknown as Record<string, RTCPeerConnection>)[`pc-${id}`]?.close();
      document.getElementById(id)?.remove();
    }
  }, ids);
}
