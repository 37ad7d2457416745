// @vitest-environment happy-dom
/**
 * The live-show tab's start area (issue 16): every paid chat type the performer offers now, each
 * with its price per minute; the offer a link named (`?chat=<type>`) is marked and focused; each
 * offer starts its own chat type. A video call asks for the camera before the paid start: refused,
 * it says why and that without the camera it is no video call, and offers a live chat instead; with
 * the camera the live room shows the guest's own preview, which stops when the chat ends.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import LiveChatSection from './LiveChatSection.tsx';

const sessionId = '0b1f3c52-7a1e-4c55-9d3e-2f4b6a8c0d11';
const actor = { id: 7, name: 'Mira', isOnline: true, chatPrice: { value: 199, currency: 'EUR' as const } };
const coins = (value: number) => ({ value, currency: 'VXC' as const });
const ok = (data: unknown, status = 200) => Response.json({ success: true, data }, { status });
const offer = (type: string, value: number) => ({
  type,
  pricePerMinute: coins(value),
  guestCamera: type === 'video-call',
});
const allOffers = [
  offer('livechat', 8),
  offer('video-call', 12),
  offer('live-show', 6),
  offer('voyeur-chat', 4),
];

let starts: { type: string }[] = [];
let offers = allOffers;
let exits = 0;

beforeEach(() => {
  starts = [];
  exits = 0;
  offers = allOffers;
  sessionStorage.clear();
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = String(input).replace('/rest/v1/', '').split('?')[0];
    if (path === 'live/actors/7/chat-types')
      return ok({ actorId: 7, isOnline: true, performerInSingle: false, offers });
    // No ticket show runs (issue 18: the tab asks for the performer's show).
    if (path === 'live/actors/7/show') return ok({ running: null, next: null });
    if (path === 'live/start') {
      const body = JSON.parse(String(init?.body)) as { type: string };
      starts.push(body);
      return ok(
        {
          sessionId,
          type: body.type,
          status: 'requested',
          pricePerMinute: offers.find((o) => o.type === body.type)?.pricePerMinute ?? coins(0),
          voucherMinutes: 0,
          actor: { id: 7, name: 'Mira' },
        },
        201,
      );
    }
    if (path === `live/sessions/${sessionId}/exit`) {
      exits += 1;
      return ok({ sessionId, status: 'ended', exitCode: 100 });
    }
    return Response.json({ success: false, error: { code: 'NOT_FOUND', message: 'none' } }, { status: 404 });
  });
  Object.assign(HTMLMediaElement.prototype, { play: () => Promise.resolve() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function cameraAnswers(getUserMedia: () => Promise<MediaStream>) {
  const spy = vi.fn(getUserMedia);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: spy }, configurable: true });
  return spy;
}
const guest = () => buildGuestMe({ balance: 40, balanceCents: 1000, avsStatus: 'accepted', hasAvs: true });
const items = () =>
  [...document.querySelectorAll('.live-offer')].map((li) => [
    li.getAttribute('data-chat-type'),
    li.querySelector('h4')?.textContent,
    li.querySelector('[data-live-price]')?.textContent,
  ]);

describe('the start area offers every chat type the performer offers', () => {
  it('lists live chat, video call, live show and voyeur with their prices per minute', async () => {
    renderWithDialog(<LiveChatSection actor={actor} lang="en" />, guest());
    await screen.findByRole('button', { name: 'Start live chat' });
    expect(items()).toEqual([
      ['livechat', 'Live chat', '8 coins per minute'],
      ['video-call', 'Video call (cam2cam)', '12 coins per minute'],
      ['live-show', 'Live show', '6 coins per minute'],
      ['voyeur-chat', 'Voyeur', '4 coins per minute'],
    ]);
    expect(screen.getByRole('heading', { name: 'Go live with Mira' })).toBeTruthy();
  });

  it('offers only what the performer offers now (in a private chat: the voyeur private chat), in German too', async () => {
    offers = [offer('voyeur-private-chat', 4)];
    renderWithDialog(<LiveChatSection actor={actor} lang="de" />, guest());
    await screen.findByRole('button', { name: 'Dem Privatchat zusehen' });
    expect(items()).toEqual([['voyeur-private-chat', 'Voyeur privat', '4 Coins pro Minute']]);
    expect(screen.queryByRole('button', { name: 'Livechat starten' })).toBeNull();
  });

  it('?chat=live-show marks and focuses that offer; it starts a live show; a voyeur chat has no message form', async () => {
    window.history.replaceState(null, '', '/?chat=live-show');
    renderWithDialog(<LiveChatSection actor={actor} lang="en" />, guest());
    const show = await screen.findByRole('button', { name: 'Watch the live show' });
    await waitFor(() => expect(document.activeElement).toBe(show));
    expect(document.querySelector('[data-selected]')?.getAttribute('data-chat-type')).toBe('live-show');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('[data-live-phase="live"]')).toBeTruthy());
    expect(starts.map((s) => s.type)).toEqual(['live-show']);
    expect(document.querySelector('.live-room [data-live-price]')?.textContent).toBe('6 coins per minute');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeTruthy();
  });

  it('a voyeur watches without writing', async () => {
    renderWithDialog(<LiveChatSection actor={actor} lang="en" />, guest());
    await userEvent.click(await screen.findByRole('button', { name: 'Watch as a voyeur' }));
    await waitFor(() => expect(document.querySelector('[data-live-phase="live"]')).toBeTruthy());
    expect(starts.map((s) => s.type)).toEqual(['voyeur-chat']);
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(screen.getByText('As a voyeur you watch without writing.')).toBeTruthy();
  });
});

describe('video call (cam2cam): the camera first', () => {
  it('camera denied: no paid start, the reason in words, and a live chat instead', async () => {
    const ask = cameraAnswers(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderWithDialog(<LiveChatSection actor={actor} lang="en" />, guest());
    await userEvent.click(await screen.findByRole('button', { name: 'Start video call' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'You did not allow the camera. A video call needs it, because Mira sees you through it.',
    );
    expect(alert.textContent).toContain(
      'Without your camera it is not a video call. You can start a live chat instead.',
    );
    expect(ask).toHaveBeenCalledWith({ audio: false, video: expect.any(Object) });
    expect(starts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Start live chat instead' }));
    await waitFor(() => expect(document.querySelector('[data-live-phase="live"]')).toBeTruthy());
    expect(starts.map((s) => s.type)).toEqual(['livechat']);
    expect(screen.queryByLabelText('Your camera')).toBeNull();
  });

  it('no camera at all (no media devices) is said as such', async () => {
    renderWithDialog(<LiveChatSection actor={actor} lang="nl" />, guest());
    await userEvent.click(await screen.findByRole('button', { name: 'Videogesprek starten' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Er is geen camera gevonden. Een videogesprek heeft er een nodig.',
    );
    expect(starts).toEqual([]);
  });

  it('with the camera: a video call starts, the live room shows the own preview; the end stops the camera', async () => {
    const track = Object.assign(new EventTarget(), {
      kind: 'video',
      readyState: 'live' as MediaStreamTrackState,
      stop() {
        this.readyState = 'ended';
      },
    });
    const stream = Object.assign(new MediaStream(), {
      getVideoTracks: () => [track],
      getTracks: () => [track],
    });
    cameraAnswers(() => Promise.resolve(stream));
    renderWithDialog(<LiveChatSection actor={actor} lang="en" />, guest());
    await userEvent.click(await screen.findByRole('button', { name: 'Start video call' }));
    await waitFor(() => expect(document.querySelector('[data-live-phase="live"]')).toBeTruthy());
    expect(starts.map((s) => s.type)).toEqual(['video-call']);
    expect(screen.getByRole('heading', { name: 'Video call (cam2cam) with Mira' })).toBeTruthy();
    const preview = screen.getByLabelText('Your camera') as HTMLVideoElement;
    expect(preview.srcObject).toBe(stream);
    expect(screen.getByText('Your camera goes to Mira once she accepts.')).toBeTruthy();
    expect(document.querySelector('.live-room [data-live-price]')?.textContent).toBe('12 coins per minute');
    await userEvent.click(screen.getByRole('button', { name: 'End chat' }));
    await screen.findByRole('dialog', { name: 'The chat has ended' });
    expect(exits).toBe(1);
    expect(track.readyState).toBe('ended');
  });
});
