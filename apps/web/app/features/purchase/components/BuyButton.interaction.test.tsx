// @vitest-environment happy-dom
/**
 * The buy button in the page's providers (issue 17 deliverable 1; spec 2 `not-enough-money`; spec 4
 * "Balance notification with payment ... runs pending charge callback (deferred while a dialog is
 * open)", "Album purchase success: balance updated, album reloaded, purchase tracked"; spec 6 roles),
 * with the server's REST answers recorded: price in coins and the discount; a visitor gets the login;
 * FSK-18 without the age check gets the AVS flow; a purchase updates the balance and reports
 * onBought; not enough money -> the modal -> the payment dialog -> after the top-up the purchase goes
 * again by itself, once, with the same idempotency key; a VIP video for a VIP shows no button.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../modals/components/ModalHost.tsx';
import { ModalProvider } from '../../modals/state/ModalProvider.tsx';
import { openedFlow, renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import { useBalance, useWallet } from '../../wallet/state/BalanceProvider.tsx';
import { BuyButton, type BuyButtonProps } from './BuyButton.tsx';
import { VideoBuyButton } from './VideoBuyButton.tsx';

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}
let calls: Call[] = [];
let answer: (call: Call, n: number) => Response = () => new Response(null, { status: 500 });

const ok = (data: unknown) => Response.json({ success: true, data });
const refused = (code: string, status: number) =>
  Response.json({ success: false, error: { code, message: code } }, { status });
const bought = (balanceCents: number, alreadyBought = false) =>
  ok({
    success: true,
    alreadyBought,
    purchase: { itemType: 'video', itemId: '41', priceCents: 199, paidWith: 'wallet', date: '2026-11-26' },
    guestBalance: Math.floor(balanceCents / 25),
    guestBalanceFormatted: String(Math.floor(balanceCents / 25)),
    guestBalanceCents: balanceCents,
  });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      path: String(input).replace('/rest/v1/', '').split('?')[0] ?? '',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call, calls.filter((c) => c.path === call.path).length);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let wallet: ReturnType<typeof useWallet> = null;
function Probe() {
  wallet = useWallet();
  const balance = useBalance();
  return <output data-testid="balance">{balance?.coins ?? ''}</output>;
}

const video: BuyButtonProps = {
  itemType: 'video',
  itemId: 41,
  actorId: 7,
  price: { value: 199, currency: 'EUR' },
  basePrice: { value: 399, currency: 'EUR' },
  ageRating: 16,
};

function renderButton(viewer: ReturnType<typeof buildGuestMe> | null, props: Partial<BuyButtonProps> = {}) {
  const onBought = vi.fn();
  renderWithDialog(
    <ModalProvider>
      <Probe />
      <BuyButton {...video} onBought={onBought} {...props} />
      <ModalHost />
    </ModalProvider>,
    viewer,
  );
  return { onBought };
}

const buys = () => calls.filter((c) => c.path === 'video/41/buy');

/** A balance notification (the socket's guestBalance) with `cents` on the wallet. */
function balanceArrives(cents: number) {
  const coins = Math.floor(cents / 25);
  wallet?.applyBalanceEvent({
    guestBalance: coins,
    guestBalanceFormatted: String(coins),
    guestIsPayingCustomer: true,
    guestBalanceCents: cents,
  });
}

/** A catalogue video as a listing tile has it. */
const tileVideo = {
  id: 41,
  actor: { id: 7, name: 'Mira', slug: 'mira' },
  price: video.price,
  basePrice: video.price,
  ageRating: 16 as const,
  vip: false,
  isVip30Offer: false,
};

describe('BuyButton (issue 17 deliverable 1)', () => {
  it('shows the price in coins (spec 9: 1 EUR = 4 coins, rounded up) and the discount, the base price struck through', () => {
    renderButton(buildGuestMe());
    expect(screen.getByRole('button', { name: 'Buy video for 8 coins' })).toBeTruthy();
    expect(document.querySelector('.buy__discount s')?.textContent).toBe('16 coins');
    expect(document.querySelector('.buy__discount')?.textContent).toContain('50 % off');
  });

  it('spec 6: a visitor gets the login dialog, and nothing is bought', async () => {
    renderButton(null);
    await userEvent.click(screen.getByRole('button', { name: 'Buy video for 8 coins' }));
    expect(await openedFlow()).toBe('login');
    expect(buys()).toHaveLength(0);
  });

  it('spec 6: FSK-18 without an accepted age check opens the AVS flow, and nothing is bought', async () => {
    renderButton(buildGuestMe({ balanceCents: 5000 }), { ageRating: 18 });
    await userEvent.click(screen.getByRole('button', { name: 'Buy video for 8 coins' }));
    expect(await openedFlow()).toBe('avs');
    expect(buys()).toHaveLength(0);
  });

  it('a purchase updates the balance from the answer, reports onBought and then shows Bought and Play', async () => {
    answer = (call) => (call.path === 'video/41/buy' ? bought(1000 - 199) : refused('NOT_FOUND', 404));
    const { onBought } = renderButton(buildGuestMe({ balance: 40, balanceCents: 1000 }));
    expect(screen.getByTestId('balance').textContent).toBe('40');
    await userEvent.click(screen.getByRole('button', { name: 'Buy video for 8 coins' }));
    await waitFor(() => expect(onBought).toHaveBeenCalledTimes(1));
    expect(buys()).toHaveLength(1);
    expect(typeof buys()[0]?.body?.idempotencyKey).toBe('string');
    // The answer's balance (spec 7 guestBalance, whole coins) is the page's balance now.
    expect(screen.getByTestId('balance').textContent).toBe(String(Math.floor((1000 - 199) / 25)));
    expect(document.querySelector('[data-buy-state="bought"]')?.textContent).toContain('Bought');
    expect(screen.getByRole('link', { name: 'Play' }).getAttribute('href')).toBe('/en/?video=41');
    expect(screen.queryByRole('button', { name: /Buy video/ })).toBeNull();
  });

  it('spec 2 not-enough-money -> Top up -> payment dialog; after the top-up the purchase completes by itself, once, with the same key (spec 4 pending charge callback, deferred while the dialog is open)', async () => {
    answer = (call, n) =>
      call.path !== 'video/41/buy'
        ? refused('NOT_FOUND', 404)
        : n === 1
          ? refused('NOT_ENOUGH_MONEY', 402)
          : bought(2000 - 199);
    const { onBought } = renderButton(buildGuestMe({ balance: 0, balanceCents: 0 }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy video for 8 coins' }));
    const modal = await screen.findByRole('dialog', { name: 'Not enough coins' });
    expect(modal.textContent).toContain('This costs 8 coins and your balance is 0 coins.');
    await userEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await openedFlow()).toBe('moneycharge');
    expect(screen.queryByRole('dialog', { name: 'Not enough coins' })).toBeNull();

    // The money arrives while the payment dialog is still open: nothing happens until it closes.
    wallet?.setDialogOpen(true);
    balanceArrives(2000);
    expect(buys()).toHaveLength(1);
    wallet?.setDialogOpen(false);
    await waitFor(() => expect(onBought).toHaveBeenCalledTimes(1));
    expect(buys()).toHaveLength(2);
    expect(buys()[1]?.body).toEqual(buys()[0]?.body);
    // Another balance notification later does not buy again.
    balanceArrives(1801);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(buys()).toHaveLength(2);
    expect(document.querySelector('[data-buy-state="bought"]')).toBeTruthy();
  });

  it('cancelling not-enough-money buys nothing, and a later balance notification does not either', async () => {
    answer = (call) =>
      call.path === 'video/41/buy' ? refused('NOT_ENOUGH_MONEY', 402) : refused('NOT_FOUND', 404);
    renderButton(buildGuestMe({ balance: 0, balanceCents: 0 }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy video for 8 coins' }));
    await screen.findByRole('dialog', { name: 'Not enough coins' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Not enough coins' })).toBeNull();
    balanceArrives(2000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(buys()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Buy video for 8 coins' })).toBeTruthy();
  });

  it('a server error is said in words a person can act on, and the button asks again', async () => {
    answer = (call, n) =>
      call.path !== 'video/41/buy'
        ? refused('NOT_FOUND', 404)
        : n === 1
          ? refused('ACTOR_BLOCKED_IN_COUNTRY', 403)
          : bought(500);
    renderButton(buildGuestMe({ balance: 40, balanceCents: 1000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy video for 8 coins' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This performer’s content is not offered in your country.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy video for 8 coins' }));
    await waitFor(() => expect(document.querySelector('[data-buy-state="bought"]')).toBeTruthy());
  });

  it('issue 17 d4: a VIP video for a VIP member, or guestInfo.flatrate, shows "Included" and no buy button', () => {
    renderButton(buildGuestMe({ isVip: true }), { vip: true });
    expect(document.querySelector('[data-buy-state="included"]')?.textContent).toContain(
      'Included in your VIP membership',
    );
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
    cleanup();
    renderButton(buildGuestMe(), { flatrate: true });
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
    cleanup();
    renderButton(buildGuestMe(), { vip: true });
    expect(screen.getByRole('button', { name: 'Buy video for 8 coins' })).toBeTruthy();
  });

  it('an owned video (guestInfo.bought) shows Bought and Play, never a buy button', () => {
    renderButton(buildGuestMe(), { bought: true });
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Play' })).toBeTruthy();
  });

  it("a listing tile's button (VideoBuyButton) shows the same price before the purchase code is there, and a click then buys once", async () => {
    answer = (call) => (call.path === 'video/41/buy' ? bought(1000 - 199) : refused('NOT_FOUND', 404));
    renderWithDialog(
      <ModalProvider>
        <Probe />
        <VideoBuyButton video={tileVideo} guestInfo={{ bought: false, flatrate: false }} />
        <ModalHost />
      </ModalProvider>,
      buildGuestMe({ balance: 40, balanceCents: 1000 }),
    );
    // At once: the static button (no purchase code yet), clickable.
    await userEvent.click(screen.getByRole('button', { name: 'Buy video for 8 coins' }));
    await waitFor(() => expect(document.querySelector('[data-buy-state="bought"]')).toBeTruthy());
    expect(buys()).toHaveLength(1);
  });

  it('a listing tile says Included for guestInfo.flatrate and Bought for guestInfo.bought without loading the flow', () => {
    renderWithDialog(
      <>
        <VideoBuyButton video={{ ...tileVideo, vip: true }} guestInfo={{ bought: false, flatrate: true }} />
        <VideoBuyButton video={tileVideo} guestInfo={{ bought: true, flatrate: false }} />
      </>,
      buildGuestMe(),
    );
    expect(document.querySelector('[data-buy-state="included"]')).toBeTruthy();
    expect(document.querySelector('[data-buy-state="bought"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
  });

  it('on a page rendered for everyone (flatrate false), a VIP30 offer is included for a VIP viewer like a VIP video, and sold to others (spec 3 isVip30Offer)', () => {
    const offer = { ...tileVideo, isVip30Offer: true };
    const { unmount } = renderWithDialog(
      <VideoBuyButton video={offer} guestInfo={{ bought: false, flatrate: false }} />,
      buildGuestMe({ isVip: true }),
    );
    expect(document.querySelector('[data-buy-state="included"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
    unmount();
    renderWithDialog(
      <VideoBuyButton video={offer} guestInfo={{ bought: false, flatrate: false }} />,
      buildGuestMe(),
    );
    expect(screen.getByRole('button', { name: 'Buy video for 8 coins' })).toBeTruthy();
  });
});
