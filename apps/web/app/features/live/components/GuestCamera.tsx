import { useEffect, useRef, useState } from 'react';
import type { CameraProblem } from '../hooks/guestCamera.ts';
import { preferVp8 } from '../hooks/guestCamera.ts';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';
import { iceGatheringDone } from './LivePlayer.tsx';

/** What the camera needs of the page's socket (decision 0038 part 3, cam2cam). */
export interface CameraSignaling {
  /** `livePublishOffer`: the camera's complete offer (VP8 only, every ICE candidate in it). */
  publish(sdp: string): void;
  /** Listens to `livePublishAnswer` of this session; answers the removal. */
  onAnswer(listener: (sdp: string) => void): () => void;
}

/** waiting: not accepted yet; connecting: offered; sending: the media server receives it; lost: it stopped. */
export type CameraState = 'waiting' | 'connecting' | 'sending' | 'lost';

const newPeer = () => new RTCPeerConnection();

/** The words for a camera the page could not take. */
export const CAMERA_PROBLEM_KEY = {
  denied: 'cameraDenied',
  missing: 'cameraMissing',
  failed: 'cameraFailed',
} as const satisfies Record<CameraProblem, Parameters<LiveChatT>[0]>;

const STATE_KEY = {
  waiting: 'cameraWaiting',
  connecting: 'cameraConnecting',
  sending: 'cameraSending',
  lost: 'cameraLost',
} as const satisfies Record<CameraState, Parameters<LiveChatT>[0]>;

/**
 * The guest's own camera in a video call (cam2cam): a muted preview, and once the chat is accepted
 * (`active`) a send-only peer whose offer (VP8 only, non-trickle) goes out as `livePublishOffer`; the
 * server's `livePublishAnswer` completes it. It says what happens to the camera (waiting for the
 * accept, sending, stopped) and offers a retry when the camera stopped or was refused.
 */
export function GuestCamera({
  stream,
  problem,
  active,
  signaling,
  name,
  t,
  onRetry,
  createPeer = newPeer,
}: {
  stream: MediaStream | null;
  problem: CameraProblem | null;
  /** The session is accepted (starting or running): the server takes the camera now. */
  active: boolean;
  signaling: CameraSignaling | null;
  name: string;
  t: LiveChatT;
  /** Asks for the camera again (a new stream comes back as `stream`). */
  onRetry: () => void;
  createPeer?: () => RTCPeerConnection;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('waiting');
  const latestCreatePeer = useRef(createPeer);
  latestCreatePeer.current = createPeer;

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.srcObject = stream;
    if (stream) void el.play?.()?.catch(() => {});
  }, [stream]);

  useEffect(() => {
    const track = stream?.getVideoTracks()[0];
    if (!stream || !track || !active || !signaling) {
      setState('waiting');
      return;
    }
    let closed = false;
    const pc = latestCreatePeer.current();
    const lost = () => {
      if (!closed) setState('lost');
    };
    preferVp8(pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] }));
    setState(track.readyState === 'ended' ? 'lost' : 'connecting');
    const off = signaling.onAnswer((sdp) => {
      if (closed || pc.signalingState !== 'have-local-offer') return;
      pc.setRemoteDescription({ type: 'answer', sdp }).catch(lost);
    });
    pc.addEventListener('connectionstatechange', () => {
      if (closed) return;
      if (pc.connectionState === 'connected') setState('sending');
      if (pc.connectionState === 'failed') setState('lost');
    });
    track.addEventListener('ended', lost);
    (async () => {
      await pc.setLocalDescription(await pc.createOffer());
      await iceGatheringDone(pc);
      const sdp = pc.localDescription?.sdp;
      if (!sdp) throw new Error('no local description');
      if (!closed) signaling.publish(sdp);
    })().catch(lost);
    return () => {
      closed = true;
      off();
      track.removeEventListener('ended', lost);
      pc.close();
    };
  }, [stream, active, signaling]);

  const shown: CameraState | 'problem' = problem ? 'problem' : state;
  return (
    <figure className="live-camera" data-camera-state={shown}>
      <video
        ref={video}
        className="live-camera__video"
        aria-label={t('cameraLabel')}
        muted
        playsInline
        autoPlay
      />
      <figcaption className="live-camera__caption">
        <span role={shown === 'problem' || shown === 'lost' ? 'alert' : 'status'}>
          {problem ? t(CAMERA_PROBLEM_KEY[problem], { name }) : t(STATE_KEY[state], { name })}
        </span>
        {shown === 'problem' || shown === 'lost' ? (
          <button type="button" className="button" onClick={onRetry}>
            {t('cameraRetry')}
          </button>
        ) : null}
      </figcaption>
    </figure>
  );
}
