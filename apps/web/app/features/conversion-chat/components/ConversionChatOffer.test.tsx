// @vitest-environment happy-dom
/**
 * The conversion chat on the page (issue 18, decision 0047): the /free-chat/ offer enables the
 * countdown (spec 7 guest/conversionChat) and opens the spec 2 modal `conversion-chat` with the
 * countdown, the trial code and the performers (spec 9 conversion chat actors); "No thanks" disables
 * it; a refusal is said in words; the offer is not there for a visitor or a paying guest (spec 6).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInDataRouter } from '../../payment-dialog/renderWithDialog.tsx';
import { setPageCountdownEnds } from '../state/conversionChatState.ts';
import { LazyConversionChatOffer } from './LazyConversionChatOffer.tsx';

const ok = (data: unknown) => Response.json({ success: true, data });
const refused = (code: string, status: number) =>
  Response.json({ success: false, error: { code, message: code } }, { status });
const AVATAR = { key: 'avatars/a.webp', ageRating: 16, aspect: 1 };
let calls: string[] = [];
let enableAnswer: () => Response;

beforeEach(() => {
  calls = [];
  setPageCountdownEnds(null);
  window.sessionStorage.clear();
  enableAnswer = () => ok({ conversionChatCountdownEnds: new Date(Date.now() + 15 * 60_000).toISOString() });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = String(input).replace('/rest/v1/', '').split('?')[0] ?? '';
    const body = init?.body ? String(init.body) : '';
    calls.push(`${init?.method ?? 'GET'} ${path} ${body}`.trim());
    if (path === 'guest/conversionChat') {
      return body.includes('enable') ? enableAnswer() : ok({ conversionChatCountdownEnds: null });
    }
    if (path === 'guest/redeemBonus')
      return ok({ success: true, code: 'CHATTRIAL', reward: null, balanceCents: 0 });
    if (path === '/graphql') {
      return Response.json({
        data: {
          conversionChatActors: [
            { id: 3, name: 'Mira', isOnline: true, isActorAvailableForConversionChat: true, avatar: AVATAR },
            { id: 5, name: 'Lena', isOnline: true, isActorAvailableForConversionChat: true, avatar: AVATAR },
          ],
        },
      });
    }
    return refused('NOT_FOUND', 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('conversion chat offer and modal', () => {
  it('enable opens the modal: countdown, performers leading into their live chat, trial code; No thanks disables', async () => {
    renderInDataRouter('/en/free-chat/', <LazyConversionChatOffer />, buildGuestMe());
    await userEvent.click(await screen.findByRole('button', { name: 'Start my free trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your free trial chat' });
    expect(calls).toContain('POST guest/conversionChat {"action":"enable"}');
    expect(screen.getByRole('timer').textContent).toMatch(/^Time left to start: 1[45]:\d\d$/);
    const start = await screen.findByRole('link', { name: 'Start free chat with Mira' });
    expect(start.getAttribute('href')).toBe('/en/amateur/mira/live-show/?chat=livechat');
    expect(dialog.querySelectorAll('[data-conversion-actor]')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Get my free minutes' }));
    expect(await screen.findByText('Your free chat minutes are ready.')).toBeTruthy();
    expect(calls).toContain('POST guest/redeemBonus {"code":"CHATTRIAL"}');

    await userEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toContain('POST guest/conversionChat {"action":"disable"}');
  });

  it('a used trial is said in words and opens nothing', async () => {
    enableAnswer = () => refused('CONVERSION_CHAT_OVER', 409);
    renderInDataRouter('/en/free-chat/', <LazyConversionChatOffer />, buildGuestMe());
    await userEvent.click(await screen.findByRole('button', { name: 'Start my free trial' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your free trial has already been used.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('spec 6: no offer for a visitor, nor for a guest who has paid', async () => {
    renderInDataRouter('/en/free-chat/', <LazyConversionChatOffer />, null);
    renderInDataRouter(
      '/en/free-chat/',
      <LazyConversionChatOffer />,
      buildGuestMe({ isPayingCustomer: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Start my free trial' })).toBeNull();
  });
});
