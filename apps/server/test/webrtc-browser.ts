/**
 * A werift peer connection in the role of a guest's (or performer's) browser, for the media path
 * tests: `receivingBrowser` answers a media path's offer and counts the VP8 RTP it receives (packets,
 * keyframes, payload types); `sendingBrowser` offers a camera whose video is the ffmpeg test pattern
 * (test-pattern.ts) and answers nothing until `accept`. Non-trickle: the local SDP carries the
 * candidates, as the media paths expect.
 */
import { execFileSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from 'werift';
import type { DeliverySide, DeliveryState, LiveMedia } from '../src/modules/live/media/live-media.ts';
import { spawnTestPattern } from '../src/modules/live/media/test-pattern.ts';

export interface BrowserPeer {
  /** The local SDP (answer or offer) with its candidates. */
  readonly localSdp: string;
  readonly packets: number;
  readonly keyframes: number;
  readonly payloadTypes: Set<number>;
  readonly connected: boolean;
  /** A sending browser: applies the media path's answer. */
  accept(answerSdp: string): Promise<void>;
  close(): Promise<void>;
}

const VP8 = () =>
  new RTCRtpCodecParameters({
    mimeType: 'video/VP8',
    clockRate: 90000,
    payloadType: 96,
    rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }],
  });

/** Whether a VP8 RTP payload (RFC 7741) starts a keyframe. */
export function isVp8Keyframe(payload: Buffer): boolean {
  if (payload.length < 2) return false;
  const first = payload[0] as number;
  const start = (first & 0x10) !== 0 && (first & 0x07) === 0;
  if (!start) return false;
  let offset = 1;
  if (first & 0x80) {
    const extension = payload[offset] as number;
    offset += 1;
    if (extension & 0x80) offset += (payload[offset] as number) & 0x80 ? 2 : 1; // PictureID
    if (extension & 0x40) offset += 1; // TL0PICIDX
    if (extension & 0x30) offset += 1; // TID / KEYIDX
  }
  return offset < payload.length && ((payload[offset] as number) & 0x01) === 0;
}

async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') {
          unSubscribe();
          resolve();
        }
      });
    });
  }
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new Error('no local description');
  return sdp;
}

function peer(pc: RTCPeerConnection, localSdp: string, stopFeed?: () => Promise<void>) {
  const state = { packets: 0, keyframes: 0, payloadTypes: new Set<number>(), connected: false };
  pc.connectionStateChange.subscribe((connection) => {
    state.connected = connection === 'connected';
  });
  pc.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp: RtpPacket) => {
      state.packets += 1;
      state.payloadTypes.add(rtp.header.payloadType);
      if (isVp8Keyframe(rtp.payload)) state.keyframes += 1;
    }),
  );
  const browser: BrowserPeer = {
    localSdp,
    get packets() {
      return state.packets;
    },
    get keyframes() {
      return state.keyframes;
    },
    get payloadTypes() {
      return state.payloadTypes;
    },
    get connected() {
      return state.connected;
    },
    async accept(answerSdp) {
      await pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
    },
    async close() {
      await stopFeed?.();
      await pc.close();
    },
  };
  return browser;
}

/** A browser answering `offerSdp` (a viewer, or a performer subscribing to a guest camera). */
export async function receivingBrowser(offerSdp: string): Promise<BrowserPeer> {
  const pc = new RTCPeerConnection({ codecs: { video: [VP8()] } });
  // Listeners before the remote description: its track is announced while it is applied.
  const answering = (async () => {
    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await pc.setLocalDescription(await pc.createAnswer());
    return gathered(pc);
  })();
  const browser = peer(pc, '');
  const localSdp = await answering;
  return Object.defineProperty(browser, 'localSdp', { value: localSdp });
}

/** A browser offering a camera (the test pattern labelled `label`, VP8 sendonly). */
export async function sendingBrowser(label: string): Promise<BrowserPeer> {
  const pc = new RTCPeerConnection({ codecs: { video: [VP8()] } });
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const localSdp = await gathered(pc);
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  socket.on('message', (packet) => {
    // RTCP (sender reports, payload types 200-204 in the second byte) is not camera video.
    const type = (packet[1] as number) & 0x7f;
    if (type >= 72 && type <= 76) return;
    track.writeRtp(packet);
  });
  const feed = await spawnTestPattern({ label, port: socket.address().port, rate: 15 });
  return peer(pc, localSdp, async () => {
    await feed.stop();
    socket.close();
  });
}

/** Polls `check` every 50 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A browser watching `actorId`'s source through `media` in `sessionId`: offer → answer. */
export async function watchWith(media: LiveMedia, sessionId: string, actorId: number): Promise<BrowserPeer> {
  const { offerSdp } = await media.openViewer(sessionId, actorId);
  const browser = await receivingBrowser(offerSdp);
  await media.acceptViewerAnswer(sessionId, browser.localSdp);
  return browser;
}

/** Packets that still reach `browser` between 0.2 s and 2.2 s after `close` resolved. */
export async function packetsAfterClose(browser: BrowserPeer, close: () => Promise<void>): Promise<number> {
  await close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const atClose = browser.packets;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return browser.packets - atClose;
}

/** The pids of this process's test-pattern ffmpeg children. */
export function ffmpegPids(): number[] {
  const out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('ffmpeg') && line.includes('testsrc2'))
    .map((line) => Number.parseInt(line.trim(), 10));
}

/** Records a media path's delivery changes; `has(...)` is a check for waitFor. */
export function deliveryLog(media: LiveMedia) {
  const seen: { sessionId: string; state: DeliveryState; side: DeliverySide }[] = [];
  media.onDelivery((sessionId, state, side) => seen.push({ sessionId, state, side }));
  return {
    seen,
    has: (sessionId: string, state: DeliveryState, side: DeliverySide) => () =>
      seen.some((d) => d.sessionId === sessionId && d.state === state && d.side === side),
  };
}
