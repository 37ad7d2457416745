// @vitest-environment happy-dom
/**
 * The logged-in guest's voice call on the page (issue 18 review, decision 0051): the slot learns the
 * call from the socket (the snapshot or voicecallStart, VoiceCallMount) and asks no `voicecall/state`;
 * it asks for the call's video once, shows the notice, follows a call that started on this page to
 * the live-show tab, and says the end at the stop. A visitor's page asks nothing.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { GuestMe } from '@vela/contracts/guest-api';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveTabSessionKey } from '../live/state/tabSession.ts';
import { renderWithDialog } from '../payment-dialog/renderWithDialog.tsx';
import VoiceCallSlot from './VoiceCallSlot.tsx';
import { TEST_CALL } from './voiceCallFixture.ts';
import { NO_SOCKET_CALL, type VoiceCallSocketState } from './voiceCallSocket.ts';

const CALL = TEST_CALL;
let calls: string[] = [];
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  calls = [];
  window.sessionStorage.clear();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = String(input).replace('/rest/v1/', '').split('?')[0] ?? '';
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === 'voicecall/video') {
      return Response.json({
        success: true,
        data: { state: { isVoicecallActive: true, isAnonymousVoicecall: false, call: CALL }, refusal: null },
      });
    }
    return Response.json({ success: false, error: { code: 'NOT_FOUND', message: 'no' } }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What VoiceCallMount passes down; `socketSays` changes it as a later socket message would. */
let socketSays: (next: VoiceCallSocketState) => void = () => {};
function Harness({ initial }: { initial: VoiceCallSocketState }) {
  const [socketCall, set] = useState(initial);
  socketSays = (next) => act(() => set(next));
  return <VoiceCallSlot lang="en" socketCall={socketCall} />;
}
const slot = (socketCall: VoiceCallSocketState, viewer: GuestMe | null = buildGuestMe()) =>
  renderWithDialog(<Harness initial={socketCall} />, viewer);

describe('the voice call slot and the socket', () => {
  it('a call named by the snapshot: the notice and the video asked once, no voicecall/state, no jump to the tab', async () => {
    slot({ call: CALL, startedHere: false, stopped: null });
    expect((await screen.findByRole('status')).textContent).toContain('You are on a voice call with Mira.');
    await waitFor(() => expect(calls).toEqual(['POST voicecall/video']));
    // The tab's live session key: the live-show tab resumes the call's video from it.
    await waitFor(() => expect(window.sessionStorage.getItem(liveTabSessionKey(7))).toBe('live-1'));
    await screen.findByRole('link', { name: 'Watch Mira and chat' });
    expect(assign).not.toHaveBeenCalled();
    // A reconnect's snapshot naming the same call asks nothing again.
    socketSays({ call: { ...CALL }, startedHere: false, stopped: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(['POST voicecall/video']);
  });

  it('a call that started on this page goes to the performer’s live-show tab; its stop says the end', async () => {
    slot({ call: { ...CALL, liveSessionId: null }, startedHere: true, stopped: null });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/amateur/mira/live-show/'));
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    socketSays({ call: CALL, startedHere: true, stopped: 'hash-a' });
    expect((await screen.findByRole('status')).textContent).toBe('The voice call has ended.');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(calls).not.toContain('GET voicecall/state');
  });

  it('a visitor’s page without a call asks nothing; a guest without a call neither', async () => {
    slot(NO_SOCKET_CALL, null);
    slot(NO_SOCKET_CALL);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
