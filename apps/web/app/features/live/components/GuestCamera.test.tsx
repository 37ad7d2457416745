// @vitest-environment happy-dom
/**
 * Cam2cam, the guest's side (issue 16): the guest sees their own camera; once the performer accepts
 * (`active`) the camera's offer goes out as `livePublishOffer` — VP8 only, complete (after ICE
 * gathering) — and the server's `livePublishAnswer` completes it; a camera that stops or was refused
 * is said in words with a retry. The RTCPeerConnection is a recording stand-in (happy-dom has no
 * WebRTC); e2e/live-cam2cam.spec.ts runs the real one with Chromium's fake camera.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveChatMessages } from '@vela/i18n/messages/live-chat';
import { translator } from '@vela/i18n/translate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cameraProblemOf } from '../hooks/guestCamera.ts';
import { type CameraSignaling, GuestCamera } from './GuestCamera.tsx';
import { GatheringPeer } from './gatheringPeer.ts';

const t = translator(liveChatMessages, 'en');
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

class FakeTrack extends EventTarget {
  kind = 'video';
  readyState: MediaStreamTrackState = 'live';
  stop() {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
}
const fakeStream = (track = new FakeTrack()) =>
  Object.assign(new MediaStream(), { getVideoTracks: () => [track], getTracks: () => [track] });

class RecordingPeer extends GatheringPeer<{ type: 'offer'; sdp: string }> {
  static all: RecordingPeer[] = [];
  transceivers: { track: unknown; init: RTCRtpTransceiverInit; codecs: RTCRtpCodec[] | null }[] = [];
  signalingState: RTCSignalingState = 'stable';
  constructor() {
    super();
    RecordingPeer.all.push(this);
  }
  addTransceiver(track: unknown, init: RTCRtpTransceiverInit) {
    const entry = { track, init, codecs: null as RTCRtpCodec[] | null };
    this.transceivers.push(entry);
    return {
      setCodecPreferences: (codecs: RTCRtpCodec[]) => {
        entry.codecs = codecs;
      },
    };
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: 'v=0 camera offer' };
  }
  override async setLocalDescription(description: { type: 'offer'; sdp: string }) {
    this.signalingState = 'have-local-offer';
    await super.setLocalDescription(description);
  }
  override async setRemoteDescription(description: RTCSessionDescriptionInit) {
    await super.setRemoteDescription(description);
    this.signalingState = 'stable';
  }
}

function fakeSignaling() {
  const listeners = new Set<(sdp: string) => void>();
  const signaling = {
    publish: vi.fn(),
    onAnswer(listener: (sdp: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies CameraSignaling;
  const answer = async (sdp: string) => {
    await act(async () => {
      for (const listener of listeners) listener(sdp);
    });
  };
  return { signaling, answer };
}

const createPeer = () => new RecordingPeer() as unknown as RTCPeerConnection;
type CameraProps = Parameters<typeof GuestCamera>[0];
/** The camera of Mira's video call; accepted (`active`) unless told otherwise. */
const renderCamera = (props: Partial<CameraProps>) =>
  render(
    <GuestCamera
      stream={null}
      problem={null}
      active
      signaling={fakeSignaling().signaling}
      name="Mira"
      t={t}
      onRetry={vi.fn()}
      createPeer={createPeer}
      {...props}
    />,
  );
const caption = () => document.querySelector('.live-camera__caption [role]')?.textContent;

beforeEach(() => {
  RecordingPeer.all = [];
  vi.stubGlobal('RTCRtpSender', {
    getCapabilities: () => ({
      codecs: [
        { mimeType: 'video/VP8', clockRate: 90000 },
        { mimeType: 'video/rtx', clockRate: 90000, sdpFmtpLine: 'apt=96' },
        { mimeType: 'video/H264', clockRate: 90000 },
        { mimeType: 'video/VP9', clockRate: 90000 },
      ],
    }),
  });
  Object.assign(HTMLMediaElement.prototype, { play: () => Promise.resolve() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the guest camera of a video call (cam2cam)', () => {
  it('shows the own preview and publishes nothing before the performer accepts', async () => {
    const { signaling } = fakeSignaling();
    const stream = fakeStream();
    renderCamera({ stream, active: false, signaling });
    await settle();
    const preview = screen.getByLabelText('Your camera') as HTMLVideoElement;
    expect(preview.srcObject).toBe(stream);
    expect(preview.muted).toBe(true);
    expect(caption()).toBe('Your camera goes to Mira once she accepts.');
    expect(RecordingPeer.all).toHaveLength(0);
    expect(signaling.publish).not.toHaveBeenCalled();
  });

  it('once accepted: a send-only VP8-only offer with its candidates, the answer applied, then "Mira receives your camera"', async () => {
    const { signaling, answer } = fakeSignaling();
    const track = new FakeTrack();
    const props = {
      stream: fakeStream(track),
      problem: null,
      signaling,
      name: 'Mira',
      t,
      onRetry: vi.fn(),
      createPeer,
    };
    const { rerender } = render(<GuestCamera {...props} active={false} />);
    rerender(<GuestCamera {...props} active />);
    await settle();
    const [peer] = RecordingPeer.all;
    expect(peer?.transceivers).toHaveLength(1);
    expect(peer?.transceivers[0]?.track).toBe(track);
    expect(peer?.transceivers[0]?.init.direction).toBe('sendonly');
    expect(peer?.transceivers[0]?.codecs?.map((c) => c.mimeType)).toEqual(['video/VP8']);
    expect(signaling.publish).toHaveBeenCalledTimes(1);
    expect(signaling.publish).toHaveBeenCalledWith('v=0 camera offer with candidates');
    expect(caption()).toBe('Sending your camera to Mira…');
    await answer('v=0 server answer');
    expect(peer?.remote).toEqual({ type: 'answer', sdp: 'v=0 server answer' });
    // A second answer (another page of the guest published) does not touch a stable peer.
    await answer('v=0 another answer');
    expect(peer?.remote?.sdp).toBe('v=0 server answer');
    act(() => peer?.setConnection('connected'));
    expect(caption()).toBe('Mira receives your camera.');
    expect(document.querySelector('[data-camera-state="sending"]')).toBeTruthy();
  });

  it('a camera that stops is said as lost, with a retry that asks for it again', async () => {
    const { signaling } = fakeSignaling();
    const track = new FakeTrack();
    const onRetry = vi.fn();
    renderCamera({ stream: fakeStream(track), signaling, onRetry });
    await settle();
    act(() => track.stop());
    expect(screen.getByRole('alert').textContent).toBe('Your camera stopped. Mira no longer sees you.');
    await userEvent.click(screen.getByRole('button', { name: 'Try the camera again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a refused camera is said in words; getUserMedia errors map to denied, missing, failed', async () => {
    renderCamera({ stream: null, problem: 'denied' });
    expect(screen.getByRole('alert').textContent).toBe(
      'You did not allow the camera. A video call needs it, because Mira sees you through it.',
    );
    expect(RecordingPeer.all).toHaveLength(0);
    expect(cameraProblemOf(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('x', 'NotFoundError'))).toBe('missing');
    expect(cameraProblemOf(new DOMException('x', 'OverconstrainedError'))).toBe('missing');
    expect(cameraProblemOf(new DOMException('x', 'NotReadableError'))).toBe('failed');
  });
});
