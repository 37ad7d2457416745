import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';

/**
 * What the player needs of the page's socket (decision 0038 part 3): offers for its session, and
 * the three messages it sends.
 */
export interface LiveSignaling {
  /** Listens to `liveOffer` of this session; answers the removal. */
  onOffer(listener: (offer: LiveOffer) => void): () => void;
  /** `liveJoin`: asks the server for an offer (first time, after a reload, after a lost connection). */
  join(): void;
  /** `liveAnswer` to `offerId` with the complete answer (non-trickle: every ICE candidate is in it). */
  answer(offerId: string, sdp: string): void;
  /** `liveMediaUp`: the first frame of `offerId` was decoded. */
  mediaUp(offerId: string): void;
}

export interface LiveOffer {
  offerId: string;
  sdp: string;
}

export type PlayerState = 'loading' | 'playing' | 'reconnecting' | 'error';

/** Reconnect attempts after a failed connection before the player gives up and offers a retry. */
const MAX_REJOINS = 3;
/** How long the page waits for its ICE candidates before it answers with what it has. */
const ICE_GATHER_MS = 3_000;

type FrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
};

/** Resolves once the peer's ICE candidates are gathered (or after ICE_GATHER_MS with what it has). */
export function iceGatheringDone(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ICE_GATHER_MS);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === 'complete') done();
    }
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/** Runs `callback` once, when the video's first frame is decoded (requestVideoFrameCallback, else loadeddata). */
function onFirstFrame(video: FrameVideo, callback: () => void): () => void {
  let cancelled = false;
  if (typeof video.requestVideoFrameCallback === 'function') {
    video.requestVideoFrameCallback(() => {
      if (!cancelled) callback();
    });
    return () => {
      cancelled = true;
    };
  }
  const listener = () => {
    if (!cancelled) callback();
  };
  video.addEventListener('loadeddata', listener, { once: true });
  return () => {
    cancelled = true;
    video.removeEventListener('loadeddata', listener);
  };
}

const newPeer = () => new RTCPeerConnection();

/**
 * The performer's live video: a muted inline <video> fed by an RTCPeerConnection. It asks for an
 * offer (`liveJoin`, also after a reload), answers it once its ICE candidates are gathered
 * (non-trickle), reports `liveMediaUp` on the first decoded frame, shows loading, reconnecting and
 * error states, rejoins after a failed connection and offers "Try again" after repeated failures.
 * Media flows only while the server allows it; the page never decides that.
 */
export function LivePlayer({
  signaling,
  label,
  t,
  createPeer = newPeer,
  onStateChange,
}: {
  signaling: LiveSignaling;
  label: string;
  t: LiveChatT;
  createPeer?: () => RTCPeerConnection;
  onStateChange?: (state: PlayerState) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const rejoins = useRef(0);
  const peer = useRef<RTCPeerConnection | null>(null);
  const latestSignaling = useRef(signaling);
  latestSignaling.current = signaling;
  const latestCreatePeer = useRef(createPeer);
  latestCreatePeer.current = createPeer;
  const latestOnState = useRef(onStateChange);
  latestOnState.current = onStateChange;

  const show = useCallback((next: PlayerState) => {
    setState(next);
    latestOnState.current?.(next);
  }, []);

  const rejoin = useCallback(() => {
    if (rejoins.current >= MAX_REJOINS) {
      show('error');
      return;
    }
    rejoins.current += 1;
    show('reconnecting');
    latestSignaling.current.join();
  }, [show]);

  useEffect(() => {
    let stopFrame: (() => void) | null = null;
    let generation = 0;
    const accept = async ({ offerId, sdp }: LiveOffer) => {
      const mine = ++generation;
      stopFrame?.();
      peer.current?.close();
      const pc = latestCreatePeer.current();
      peer.current = pc;
      pc.addEventListener('track', (event) => {
        const el = video.current;
        if (!el) return;
        el.srcObject = event.streams[0] ?? new MediaStream([event.track]);
        stopFrame = onFirstFrame(el, () => {
          if (mine !== generation) return;
          rejoins.current = 0;
          show('playing');
          latestSignaling.current.mediaUp(offerId);
        });
        void el.play?.()?.catch(() => {});
      });
      pc.addEventListener('connectionstatechange', () => {
        if (mine !== generation) return;
        if (pc.connectionState === 'disconnected') show('reconnecting');
        if (pc.connectionState === 'failed') rejoin();
      });
      try {
        await pc.setRemoteDescription({ type: 'offer', sdp });
        await pc.setLocalDescription(await pc.createAnswer());
        await iceGatheringDone(pc);
        if (mine !== generation) return;
        const answer = pc.localDescription?.sdp;
        if (!answer) throw new Error('no local description');
        latestSignaling.current.answer(offerId, answer);
      } catch {
        if (mine === generation) show('error');
      }
    };
    const off = signaling.onOffer((offer) => void accept(offer));
    signaling.join();
    return () => {
      generation += 1;
      off();
      stopFrame?.();
      peer.current?.close();
      peer.current = null;
    };
  }, [signaling, rejoin, show]);

  return (
    <div
      className="live-player"
      data-player-state={state}
      aria-busy={state === 'loading' || state === 'reconnecting'}
    >
      <video ref={video} className="live-player__video" aria-label={label} muted playsInline autoPlay />
      {state === 'playing' ? null : (
        <div className="live-player__overlay" role={state === 'error' ? 'alert' : 'status'}>
          {state === 'loading' ? <p>{t('videoLoading')}</p> : null}
          {state === 'reconnecting' ? <p>{t('videoReconnecting')}</p> : null}
          {state === 'error' ? (
            <>
              <p>{t('videoError')}</p>
              <button
                type="button"
                className="button"
                onClick={() => {
                  rejoins.current = 0;
                  rejoin();
                }}
              >
                {t('retry')}
              </button>
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}
