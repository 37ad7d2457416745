// @vitest-environment happy-dom
/**
 * The live player's signaling (decision 0038 part 3): it asks for an offer (liveJoin), answers it
 * once ICE gathering is complete (non-trickle) with the offer's id, reports liveMediaUp on the first
 * decoded frame, and shows loading, reconnecting and error states. The RTCPeerConnection is a
 * recording stand-in (happy-dom has no WebRTC); the e2e test runs the real one in Chromium.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveChatMessages } from '@vela/i18n/messages/live-chat';
import { translator } from '@vela/i18n/translate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GatheringPeer } from './gatheringPeer.ts';
import { type LiveOffer, LivePlayer, type LiveSignaling } from './LivePlayer.tsx';

const t = translator(liveChatMessages, 'en');

class RecordingPeer extends GatheringPeer<{ type: 'answer'; sdp: string }> {
  static all: RecordingPeer[] = [];
  constructor() {
    super();
    RecordingPeer.all.push(this);
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: `answer to ${this.remote?.sdp}` };
  }
  deliverTrack() {
    const event = Object.assign(new Event('track'), { streams: [{}], track: {} });
    this.dispatchEvent(event);
  }
}

function fakeSignaling() {
  const listeners = new Set<(offer: LiveOffer) => void>();
  const signaling = {
    join: vi.fn(),
    answer: vi.fn(),
    mediaUp: vi.fn(),
    onOffer(listener: (offer: LiveOffer) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies LiveSignaling;
  const offer = async (offerId: string, sdp: string) => {
    await act(async () => {
      for (const listener of listeners) listener({ offerId, sdp });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  };
  return { signaling, offer, listeners };
}

let frameCallbacks: (() => void)[] = [];
beforeEach(() => {
  RecordingPeer.all = [];
  frameCallbacks = [];
  Object.assign(HTMLVideoElement.prototype, {
    requestVideoFrameCallback(callback: () => void) {
      frameCallbacks.push(callback);
      return frameCallbacks.length;
    },
    play: () => Promise.resolve(),
  });
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    writable: true,
    value: null,
  });
});
afterEach(cleanup);

const createPeer = () => new RecordingPeer() as unknown as RTCPeerConnection;

function player(signaling: LiveSignaling) {
  return render(
    <LivePlayer signaling={signaling} label="Live video of Mira" t={t} createPeer={createPeer} />,
  );
}

describe('live player', () => {
  it('joins, answers the offer with its id after ICE gathering, and reports the first decoded frame', async () => {
    const { signaling, offer } = fakeSignaling();
    player(signaling);
    expect(signaling.join).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Loading the video…');
    await offer('offer-1', 'v=0 offer');
    const [peer] = RecordingPeer.all;
    expect(peer?.remote).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(signaling.answer).toHaveBeenCalledWith('offer-1', 'answer to v=0 offer with candidates');
    act(() => peer?.deliverTrack());
    expect(signaling.mediaUp).not.toHaveBeenCalled();
    act(() => {
      for (const callback of frameCallbacks) callback();
    });
    expect(signaling.mediaUp).toHaveBeenCalledWith('offer-1');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('[data-player-state]')?.getAttribute('data-player-state')).toBe('playing');
    expect(screen.getByLabelText('Live video of Mira').tagName).toBe('VIDEO');
  });

  it('a new offer (after a reload or rejoin) replaces the old connection', async () => {
    const { signaling, offer } = fakeSignaling();
    player(signaling);
    await offer('offer-1', 'first');
    await offer('offer-2', 'second');
    expect(RecordingPeer.all).toHaveLength(2);
    expect(RecordingPeer.all[0]?.closed).toBe(true);
    expect(signaling.answer).toHaveBeenLastCalledWith('offer-2', 'answer to second with candidates');
  });

  it('a lost connection shows reconnecting; a failed one rejoins, and after three failures offers Try again', async () => {
    const { signaling, offer } = fakeSignaling();
    player(signaling);
    await offer('offer-1', 'first');
    const peer = RecordingPeer.all[0]!;
    act(() => peer.setConnection('disconnected'));
    expect(screen.getByRole('status').textContent).toBe('The connection was lost. Reconnecting…');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      act(() => peer.setConnection('failed'));
      expect(signaling.join).toHaveBeenCalledTimes(1 + attempt);
    }
    act(() => peer.setConnection('failed'));
    expect(signaling.join).toHaveBeenCalledTimes(4);
    expect(screen.getByRole('alert').textContent).toContain('The video could not be shown.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(signaling.join).toHaveBeenCalledTimes(5);
  });

  it('closes its connection and stops listening when it goes away', async () => {
    const { signaling, offer, listeners } = fakeSignaling();
    const view = player(signaling);
    await offer('offer-1', 'first');
    view.unmount();
    expect(RecordingPeer.all[0]?.closed).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
