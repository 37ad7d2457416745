// @vitest-environment happy-dom
/**
 * The live-show tab's chat in the browser's providers (issue 16 "What the guest sees"), with the
 * server's REST answers recorded: a visitor is sent to the login; a guest without money gets the
 * not-enough-money modal, tops up in the payment dialog and goes back into the chat with the same
 * start request (same idempotency key); the live view shows the price of the answer; the end button
 * ends the chat, the exit dialog says why, lists the receipt and takes the rating; closing it gives
 * the focus back to "Start live chat". Socket messages and media are the e2e test's (live.spec.ts).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openedFlow, renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import { useWallet } from '../../wallet/state/BalanceProvider.tsx';
import LiveChatSection from './LiveChatSection.tsx';

const sessionId = '0b1f3c52-7a1e-4c55-9d3e-2f4b6a8c0d11';
const actor = { id: 7, name: 'Mira', isOnline: true, chatPrice: { value: 199, currency: 'EUR' as const } };
const coins = (value: number) => ({ value, currency: 'VXC' as const });
const ok = (data: unknown, status = 200) => Response.json({ success: true, data }, { status });
const refused = (code: string, status: number) =>
  Response.json(
    { success: false, error: { code, message: code, exitCode: 106, modal: 'not-enough-money' } },
    { status },
  );

interface Call {
  method: string;
  path: string;
  /** The query string without its `?`. */
  query: string;
  body: unknown;
}
let calls: Call[] = [];
let answers: ((call: Call) => Response | undefined)[] = [];

/** What the performer offers (GET live/actors/7/chat-types), unless a test says otherwise. */
const chatTypes = {
  actorId: 7,
  isOnline: true,
  performerInSingle: false,
  offers: Object.entries({ livechat: 8, 'video-call': 12, 'live-show': 6, 'voyeur-chat': 4 }).map(
    ([type, value]) => ({
      type,
      pricePerMinute: { value, currency: 'VXC' },
      guestCamera: type === 'video-call',
    }),
  ),
};

beforeEach(() => {
  calls = [];
  answers = [];
  sessionStorage.clear();
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const [path = '', query = ''] = String(input).replace('/rest/v1/', '').split('?');
    const call = {
      method: init?.method ?? 'GET',
      path,
      query,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    for (const answer of answers) {
      const response = answer(call);
      if (response) return response;
    }
    if (call.path === 'live/actors/7/chat-types') return ok(chatTypes);
    // No ticket show runs (issue 18: the tab asks for the performer's show).
    if (call.path === 'live/actors/7/show') return ok({ running: null, next: null });
    return Response.json({ success: false, error: { code: 'NOT_FOUND', message: 'none' } }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

let wallet: ReturnType<typeof useWallet> = null;
function WalletProbe() {
  wallet = useWallet();
  return null;
}

const startAnswer = {
  sessionId,
  type: 'livechat',
  status: 'requested',
  pricePerMinute: coins(8),
  voucherMinutes: 0,
  actor: { id: 7, name: 'Mira' },
};
const receipt = {
  sessionId,
  type: 'livechat',
  actor: { id: 7, name: 'Mira' },
  status: 'ended',
  exitCode: 100,
  pricePerMinute: coins(8),
  minutes: [
    { index: 0, partial: false, paidWith: 'coins', price: coins(8), cents: 199 },
    { index: 1, partial: true, paidWith: 'coins', price: coins(4), cents: 99 },
  ],
  totals: { minutes: 2, voucherMinutes: 0, price: coins(12), cents: 298 },
};

/** The session view of a running chat that a reload reads (GET live/sessions/:id). */
function runningView(overrides: Record<string, unknown> = {}) {
  return {
    ...startAnswer,
    status: 'running',
    exitCode: null,
    startedAt: '2026-11-26T18:00:00.000Z',
    endedAt: null,
    messages: [],
    meter: { minutes: 0, spent: coins(0), balance: coins(40), voucherMinutesUsed: 0, deliveredMs: 0 },
    rating: null,
    ...overrides,
  };
}

/** A reload of the tab whose sessionStorage keeps the chat: the live room shows `view`. */
async function reloadInto(view: ReturnType<typeof runningView>, lang: 'en' | 'de' = 'en') {
  sessionStorage.setItem('vela:live:7', sessionId);
  answers.push((call) => (call.path === `live/sessions/${sessionId}` ? ok(view) : undefined));
  renderWithDialog(<LiveChatSection actor={actor} lang={lang} />, buildGuestMe());
  await waitFor(() => expect(document.querySelector('[data-live-phase="live"]')).toBeTruthy());
}

describe('live chat on the live-show tab', () => {
  it('shows the price per minute and sends a visitor to the login without asking the server', async () => {
    renderWithDialog(<LiveChatSection actor={actor} lang="en" />, null);
    expect(await screen.findByText('8 coins per minute')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start live chat' }));
    expect(await openedFlow()).toBe('login');
    expect(calls.filter((c) => c.path === 'live/start')).toEqual([]);
  });

  it('an offline performer offers nothing to start', () => {
    const { container } = renderWithDialog(
      <LiveChatSection actor={{ ...actor, isOnline: false }} lang="en" />,
      buildGuestMe(),
    );
    expect(container.textContent).toBe('');
  });

  it('no money: not-enough-money -> top-up -> the same start request -> live; end -> reason, receipt, rating', async () => {
    const viewer = buildGuestMe({ balance: 0, balanceCents: 0, avsStatus: 'accepted', hasAvs: true });
    let starts = 0;
    answers.push((call) => {
      if (call.path !== 'live/start') return undefined;
      starts += 1;
      return starts === 1 ? refused('NOT_ENOUGH_MONEY', 402) : ok(startAnswer, 201);
    });
    renderWithDialog(
      <>
        <WalletProbe />
        <LiveChatSection actor={actor} lang="en" />
      </>,
      viewer,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Start live chat' }));
    const money = await screen.findByRole('dialog', { name: 'Not enough coins' });
    expect(money.textContent).toContain('A live chat with Mira needs at least 2 coins in your account.');
    await userEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await openedFlow()).toBe('moneycharge');
    expect(screen.queryByRole('dialog', { name: 'Not enough coins' })).toBeNull();

    // The money arrives (the guestBalance notification): the chat starts with the same request.
    wallet?.setDialogOpen(false);
    wallet?.applyBalanceEvent({
      guestBalance: 40,
      guestBalanceFormatted: '40',
      guestIsPayingCustomer: true,
      guestBalanceCents: 1000,
    });
    await waitFor(() => expect(document.querySelector('[data-live-phase="live"]')).toBeTruthy());
    const bodies = calls.filter((c) => c.path === 'live/start').map((c) => c.body as Record<string, unknown>);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ actorId: 7, type: 'livechat' });
    expect(bodies[1]).toEqual(bodies[0]);
    // Spec 7's language parameter: the performer answers in the page's language.
    expect(calls.filter((c) => c.path === 'live/start').map((c) => c.query)).toEqual(['lang=en', 'lang=en']);
    expect(sessionStorage.getItem('vela:live:7')).toBe(sessionId);
    expect(document.querySelector('.live-room [data-live-price]')?.textContent).toBe('8 coins per minute');
    expect(document.querySelector('[data-live-meter="balance"]')?.textContent).toBe('40 coins');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeTruthy();

    // End: the exit answer ends it; the receipt is read; the rating is sent.
    answers.push((call) =>
      call.path === `live/sessions/${sessionId}/exit`
        ? ok({ sessionId, status: 'ended', exitCode: 100 })
        : call.path === `live/sessions/${sessionId}/receipt`
          ? ok(receipt)
          : call.path === 'survey/chatexit'
            ? ok({ chatId: sessionId, rating: 'GREAT' })
            : undefined,
    );
    await userEvent.click(screen.getByRole('button', { name: 'End chat' }));
    const exit = await screen.findByRole('dialog', { name: 'The chat has ended' });
    expect(exit.textContent).toContain('Reason: Exit (code 100)');
    expect(sessionStorage.getItem('vela:live:7')).toBeNull();
    await waitFor(() => expect(exit.querySelector('[data-receipt-total]')?.textContent).toBe('12 coins'), {
      timeout: 6_000,
    });
    expect(exit.querySelectorAll('tr[data-receipt-minute]')).toHaveLength(2);
    expect(exit.textContent).toContain(
      'Each minute in whole coins, adding up to the total; charged in all: €2,98.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Great' }));
    expect(await screen.findByText('Thank you for your rating.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'survey/chatexit')?.body).toEqual({
      chatId: sessionId,
      rating: 'GREAT',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Start live chat'));
  });

  it('a busy performer: the refusal is said in words and a new start uses a new key', async () => {
    answers.push((call) =>
      call.path === 'live/start'
        ? Response.json(
            {
              success: false,
              error: { code: 'PERFORMER_IN_SINGLE', message: 'x', exitCode: 906, modal: null },
            },
            { status: 409 },
          )
        : undefined,
    );
    renderWithDialog(<LiveChatSection actor={actor} lang="en" />, buildGuestMe());
    await userEvent.click(await screen.findByRole('button', { name: 'Start live chat' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Mira is in a private chat right now. Please try again later.',
    );
    // The refusal says the offers changed: they are read again.
    await waitFor(() => expect(calls.filter((c) => c.path === 'live/actors/7/chat-types')).toHaveLength(2));
    await userEvent.click(await screen.findByRole('button', { name: 'Start live chat' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'live/start')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.path === 'live/start') as [Call, Call];
    expect((first.body as { idempotencyKey: string }).idempotencyKey).not.toBe(
      (second.body as { idempotencyKey: string }).idempotencyKey,
    );
  });

  it('a reload finds the running chat of this tab again', async () => {
    await reloadInto(
      runningView({
        messages: [
          {
            messageId: '1c1f3c52-7a1e-4c55-9d3e-2f4b6a8c0d11',
            from: 'performer',
            text: 'welcome back',
            at: '2026-11-26T18:00:05.000Z',
          },
        ],
        meter: {
          ...runningView().meter,
          minutes: 1,
          spent: coins(8),
          balance: coins(32),
          deliveredMs: 75_000,
        },
      }),
    );
    expect(screen.getByRole('log').textContent).toContain('welcome back');
    expect(document.querySelector('[data-live-meter="time"]')?.textContent).toBe('01:15');
    expect(document.querySelector('[data-live-meter="balance"]')?.textContent).toBe('32 coins');
  });

  it('a free chat shows the free time left, not "0 coins per minute" or a cost meter (decision 0038 part 9)', async () => {
    await reloadInto(
      runningView({
        type: 'free-chat',
        pricePerMinute: coins(0),
        allowanceMs: 300_000,
        meter: { ...runningView().meter, deliveredMs: 75_000 },
      }),
    );
    const room = document.querySelector('.live-room');
    expect(room?.querySelector('[data-live-free]')?.textContent).toBe('Free chat · 03:45 left');
    expect(room?.querySelector('[data-live-meter="time"]')?.textContent).toBe('01:15');
    expect(room?.querySelector('[data-live-meter="left"]')?.textContent).toBe('03:45');
    expect(screen.getByRole('heading', { name: 'Free: nothing is charged' })).toBeTruthy();
    expect(room?.textContent).not.toContain('coins');
    expect(
      room?.querySelector('[data-live-price], [data-live-meter="spent"], [data-live-meter="balance"]'),
    ).toBeNull();
  });

  it('a free preview shows its length in the page language (German)', async () => {
    await reloadInto(
      runningView({
        type: 'live-preview',
        status: 'starting',
        pricePerMinute: coins(0),
        allowanceMs: 30_000,
      }),
      'de',
    );
    const room = document.querySelector('.live-room');
    expect(room?.querySelector('[data-live-free]')?.textContent).toBe('Gratis-Vorschau · 30 s');
    expect(room?.querySelector('[data-live-meter="left"]')?.textContent).toBe('00:30');
    expect(screen.getByRole('heading', { name: 'Gratis: es wird nichts berechnet' })).toBeTruthy();
    expect(room?.textContent).not.toContain('Coins');
  });
});
