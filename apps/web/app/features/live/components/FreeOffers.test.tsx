// @vitest-environment happy-dom
/**
 * The free offers of the live-show tab (decision 0038 part 9): the free preview with the units left
 * of 5 (20 VIP) this hour, the free chat with the time left today, each starting its chat type; the
 * spec 2 modal `fifteen-minutes-preview` for a guest out of preview units, whose "No thanks" is the
 * free preview decline; nothing for a visitor (spec 6: logged-in only).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import { FreeOffers } from './FreeOffers.tsx';

const ok = (data: unknown) => Response.json({ success: true, data });
const allowance = (unitsUsed: number, unitsLimit = 5) => ({
  unitsLimit,
  unitsUsed,
  unitsLeft: Math.max(0, unitsLimit - unitsUsed),
  unitMs: 30_000,
  nextUnitAt: unitsUsed > 0 ? '2026-11-26T21:15:00.000Z' : null,
  declinedUntil: null,
});
let answer: unknown;
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = String(input).replace('/rest/v1/', '').split('?')[0] ?? '';
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === 'live/offers/7') return ok(answer);
    if (path === 'live/preview/decline') return ok(allowance(5));
    return Response.json({ success: false, error: { code: 'NOT_FOUND', message: 'none' } }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const guest = () => buildGuestMe({ avsStatus: 'accepted', hasAvs: true });
const freeChat = (msLeft: number) => ({
  duration: { msLeft, msPerDay: 180_000, renewsAt: '2026-11-27T00:00:00.000Z' },
  refusal: msLeft > 0 ? null : { code: 'FREE_CHAT_USED_UP', exitCode: 503 },
});

describe('free offers on the live-show tab', () => {
  it('a preview with its units left of 5 and the VIP hint, a free chat with its time left; each starts its type', async () => {
    answer = { actorId: 7, preview: { allowance: allowance(2), refusal: null }, freeChat: freeChat(150_000) };
    const onStart = vi.fn();
    renderWithDialog(
      <FreeOffers actorId={7} name="Mira" lang="en" onStart={onStart} disabled={false} starting={null} />,
      guest(),
    );
    const preview = await screen.findByRole('button', { name: 'Free preview (30 s)' });
    expect(screen.getByText('3 of 5 free previews left this hour')).toBeTruthy();
    expect(screen.getByText('VIP members get 20 free previews an hour instead of 5.')).toBeTruthy();
    expect(screen.getByText('02:30 min free chat time left today')).toBeTruthy();
    await userEvent.click(preview);
    await userEvent.click(screen.getByRole('button', { name: 'Free chat' }));
    expect(onStart.mock.calls).toEqual([['live-preview'], ['free-chat']]);
    expect(document.querySelector('[data-live-dialog]')).toBeNull();
  });

  it('a VIP sees 20 and no VIP hint; free chat time used up disables the free chat (German)', async () => {
    answer = { actorId: 7, preview: { allowance: allowance(1, 20), refusal: null }, freeChat: freeChat(0) };
    renderWithDialog(
      <FreeOffers actorId={7} name="Mira" lang="de" onStart={() => {}} disabled={false} starting={null} />,
      guest(),
    );
    await screen.findByText('Noch 19 von 20 Gratis-Vorschauen in dieser Stunde');
    expect(screen.queryByText(/VIP-Mitglieder/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Gratis-Chat' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('out of preview units: the fifteen-minutes-preview modal opens; "No thanks" declines on the server; the preview button opens it again instead of starting', async () => {
    answer = {
      actorId: 7,
      preview: { allowance: allowance(5), refusal: { code: 'PREVIEW_LIMIT', exitCode: 402 } },
      freeChat: null,
    };
    const onStart = vi.fn();
    renderWithDialog(
      <FreeOffers actorId={7} name="Mira" lang="en" onStart={onStart} disabled={false} starting={null} />,
      guest(),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-live-dialog="fifteen-minutes-preview"]')).not.toBeNull(),
    );
    expect(screen.getByRole('heading', { name: 'Your free previews are used up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To the VIP club' }).getAttribute('href')).toBe('/en/vipclub/');
    // The first action has the focus: Enter declines.
    expect(document.activeElement?.textContent).toBe('No thanks');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls).toContain('POST live/preview/decline'));
    expect(document.querySelector('[data-live-dialog]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Free preview (30 s)' }));
    expect(onStart).not.toHaveBeenCalled();
    expect(document.querySelector('[data-live-dialog="fifteen-minutes-preview"]')).not.toBeNull();
  });

  it('a visitor sees no free offer and nothing is asked of the server', async () => {
    answer = { actorId: 7, preview: { allowance: allowance(0), refusal: null }, freeChat: freeChat(1000) };
    renderWithDialog(
      <FreeOffers actorId={7} name="Mira" lang="en" onStart={() => {}} disabled={false} starting={null} />,
      null,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('[data-live-free]')).toBeNull();
    expect(calls).toEqual([]);
  });
});
