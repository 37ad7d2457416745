/**
 * A performer's eyes on the guest's camera in a video call (cam2cam, issue 16), for the demo's
 * simulated performers: it subscribes to the guest's camera through the LiveMedia port exactly as a
 * performer app does through the performer API (`subscribePerformerToGuest` → answer →
 * `acceptPerformerAnswer`), as a receive-only WebRTC peer (werift, VP8), and counts the video frames
 * that arrive (an RTP packet with the marker bit ends a frame). It draws nothing: the count is what
 * the simulator needs to know that the guest's camera reaches the performer side.
 */
import { RTCPeerConnection, useVP8 } from 'werift';
import type { LiveMedia } from './live-media.ts';

/** How long ICE gathering of the watcher's answer may take. */
const GATHER_TIMEOUT_MS = 5_000;

export interface CameraWatcher {
  /** Frames of the guest's camera received so far. */
  readonly frames: number;
  close(): Promise<void>;
}

export type CameraMedia = Pick<LiveMedia, 'subscribePerformerToGuest' | 'acceptPerformerAnswer'>;

/**
 * Watches the guest camera of `sessionId`; `onFrame` runs with the count after each frame. Fails
 * with the port's `LIVE_NO_VIEWER` while the guest has not published a camera.
 */
export async function watchGuestCamera(
  media: CameraMedia,
  sessionId: string,
  onFrame: (frames: number) => void = () => undefined,
): Promise<CameraWatcher> {
  const { offerSdp } = await media.subscribePerformerToGuest(sessionId);
  const pc = new RTCPeerConnection({
    codecs: { audio: [], video: [useVP8()] },
    headerExtensions: { audio: [], video: [] },
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
    bundlePolicy: 'max-bundle',
  });
  let frames = 0;
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((packet) => {
      if (!packet.header.marker) return;
      frames += 1;
      onFrame(frames);
    });
  });
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await pc.setLocalDescription(await pc.createAnswer());
    if (pc.iceGatheringState !== 'complete') {
      await pc.iceGatheringStateChange.watch((state) => state === 'complete', GATHER_TIMEOUT_MS);
    }
    const answer = pc.localDescription?.sdp;
    if (!answer) throw new Error('no local description');
    await media.acceptPerformerAnswer(sessionId, answer);
  } catch (error) {
    await pc.close().catch(() => undefined);
    throw error;
  }
  return {
    get frames() {
      return frames;
    },
    close: () => pc.close().catch(() => undefined),
  };
}
