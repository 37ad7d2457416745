/**
 * A LiveMedia for the live module's tests only (the product uses the real one, media/): it records
 * every call, answers each viewer with a small VP8 offer, and lets the test report delivery as the
 * media path would (`deliver`). No packets flow; what it proves is what the live module asks of the
 * media path and when.
 */
import type {
  DeliveryListener,
  DeliverySide,
  DeliveryState,
  IceCandidateInit,
  LiveMedia,
  LiveSource,
} from '../src/modules/live/media/live-media.ts';

export type MediaCall =
  | { call: 'ensureSource'; actorId: number; source: LiveSource }
  | { call: 'openViewer'; sessionId: string; actorId: number }
  | { call: 'acceptViewerAnswer'; sessionId: string; sdp: string }
  | { call: 'addCandidate'; sessionId: string; candidate: IceCandidateInit }
  | { call: 'publishGuestCamera'; sessionId: string; sdp: string }
  | { call: 'close'; sessionId: string };

/** A minimal SDP with one VP8 video section (what the media path offers and a browser answers). */
export function vp8Sdp(direction: 'sendonly' | 'recvonly', extra = ''): string {
  return [
    'v=0',
    'o=- 1 1 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    'c=IN IP4 127.0.0.1',
    'a=mid:0',
    `a=${direction}`,
    'a=rtpmap:96 VP8/90000',
    extra,
  ]
    .filter(Boolean)
    .join('\r\n')
    .concat('\r\n');
}

export interface RecordingMedia extends LiveMedia {
  calls: MediaCall[];
  /** The calls of one kind for one session. */
  callsOf(call: MediaCall['call'], sessionId?: string): MediaCall[];
  /** Reports delivery as the media path would. */
  deliver(sessionId: string, state: DeliveryState, side: DeliverySide): void;
}

export function recordingMedia(): RecordingMedia {
  const calls: MediaCall[] = [];
  const listeners = new Set<DeliveryListener>();
  const viewers = new Set<string>();
  return {
    kind: 'embedded',
    calls,
    callsOf: (call, sessionId) =>
      calls.filter(
        (c) =>
          c.call === call && (sessionId === undefined || ('sessionId' in c && c.sessionId === sessionId)),
      ),
    deliver(sessionId, state, side) {
      for (const listener of listeners) listener(sessionId, state, side);
    },
    async ensureSource(actorId, source) {
      calls.push({ call: 'ensureSource', actorId, source });
    },
    async openViewer(sessionId, actorId) {
      calls.push({ call: 'openViewer', sessionId, actorId });
      viewers.add(sessionId);
      return { offerSdp: vp8Sdp('sendonly') };
    },
    async acceptViewerAnswer(sessionId, sdp) {
      calls.push({ call: 'acceptViewerAnswer', sessionId, sdp });
    },
    async addCandidate(sessionId, candidate) {
      calls.push({ call: 'addCandidate', sessionId, candidate });
    },
    async publishGuestCamera(sessionId, sdp) {
      calls.push({ call: 'publishGuestCamera', sessionId, sdp });
      return { answerSdp: vp8Sdp('recvonly') };
    },
    async publishPerformer() {
      return { answerSdp: vp8Sdp('recvonly') };
    },
    async subscribePerformerToGuest() {
      return { offerSdp: vp8Sdp('recvonly') };
    },
    async acceptPerformerAnswer() {},
    async close(sessionId) {
      calls.push({ call: 'close', sessionId });
      viewers.delete(sessionId);
    },
    onDelivery(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats: () => ({ sources: 0, viewers: viewers.size }),
    async stop() {},
  };
}
