/**
 * Buying a video or a photo album from the page (issue 17 deliverable 1; spec 4 "Album purchase
 * success: balance updated, album reloaded, purchase tracked"; spec 6 roles).
 *
 * - A visitor gets the login dialog; FSK-18 without an accepted age check gets the AVS flow.
 * - One idempotency key per attempt; the server charges an item once per guest whatever the key.
 * - Not enough money opens the spec 2 modal `not-enough-money`; its "Top up" opens the payment
 *   dialog through `useTopUp(onCharged)`: the pending charge callback of spec 4 (run after the next
 *   balance notification, deferred while a dialog is open) buys again, once, by itself.
 * - Success updates the page's balance from the answer, tracks the purchase (analytics `purchase`)
 *   and calls `onBought` so the caller reloads the item.
 */
import type { Price } from '@vela/contracts/common';
import type { BuyResult } from '@vela/contracts/promotions-api';
import { restrictionFor } from '@vela/domain/restrictions';
import { type ItemType, voucherPaysFor } from '@vela/domain/vouchers';
import { useCallback, useEffect, useRef, useState } from 'react';
import { track } from '../analytics/track.ts';
import { RestError } from '../api/rest.ts';
import { useViewer } from '../auth/useViewer.tsx';
import { formatPriceInCoins, priceInCoins } from '../catalog/format.ts';
import { useShell } from '../layout/state/ShellContext.tsx';
import { useModals } from '../modals/state/ModalProvider.tsx';
import { usePaymentDialog } from '../payment-dialog/PaymentDialogProvider.tsx';
import { useGuestLive } from '../realtime/hooks/useGuestLive.ts';
import { useTopUp } from '../wallet/hooks/useTopUp.ts';
import { useWallet } from '../wallet/state/BalanceProvider.tsx';
import { buyItem } from './api.ts';
import { setNotEnoughMoneyRequest } from './notEnoughMoney.ts';

export interface BuyItem {
  itemType: ItemType;
  itemId: number;
  actorId: number;
  price: Price;
  ageRating: number;
}

export type BuyState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  /** Waiting for the top-up the guest asked for; the purchase goes again by itself after it. */
  | { kind: 'topping-up' }
  | { kind: 'bought'; result: BuyResult }
  | { kind: 'error'; code: string };

/** What stops a purchase before it is asked: a visitor (login) or FSK-18 without the age check. */
export type BuyGate = 'login' | 'age-check' | null;

export interface UseBuy {
  state: BuyState;
  /** Asks for the purchase (or the login / age check it needs first). */
  buy(): void;
  gate: BuyGate;
  /** One of the guest's vouchers pays for this item instead of coins. */
  voucher: boolean;
}

export function useBuy(item: BuyItem, onBought?: (result: BuyResult) => void): UseBuy {
  const { lang } = useShell();
  const { loggedIn, snapshot } = useViewer();
  const dialog = usePaymentDialog();
  const modals = useModals();
  const wallet = useWallet();
  const topUp = useTopUp();
  const { vouchers } = useGuestLive();
  const [state, setState] = useState<BuyState>({ kind: 'idle' });
  const attemptKey = useRef<string | null>(null);
  const inFlight = useRef(false);
  /** The top-up this purchase waits for; a later click or a cancel makes an earlier one stale. */
  const waitingFor = useRef(0);
  const latest = useRef({ item, onBought });
  latest.current = { item, onBought };
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const gate: BuyGate = (() => {
    const reason = restrictionFor(snapshot, { login: true, ageCheck: item.ageRating >= 18 });
    if (reason === 'need-login') return 'login';
    if (reason === 'need-age-check') return 'age-check';
    return null;
  })();

  const voucher =
    loggedIn &&
    voucherPaysFor(
      (vouchers ?? []).map((v) => ({ ...v, actorId: v.actorId === null ? null : Number(v.actorId) })),
      item,
    );

  const attempt = useCallback(
    async (automatic: boolean) => {
      if (inFlight.current) return;
      const { item: current } = latest.current;
      inFlight.current = true;
      attemptKey.current ??= crypto.randomUUID();
      setState({ kind: 'busy' });
      try {
        const result = await buyItem(current.itemType, current.itemId, attemptKey.current);
        attemptKey.current = null;
        const balance = wallet?.getSnapshot();
        if (wallet && balance) {
          wallet.applyBalanceEvent({
            guestBalance: result.guestBalance,
            guestBalanceFormatted: result.guestBalanceFormatted,
            guestBalanceCents: result.guestBalanceCents,
            guestIsPayingCustomer: balance.isPayingCustomer,
          });
        }
        if (!result.alreadyBought) {
          void track('purchase', 'success', {
            itemType: current.itemType,
            itemId: current.itemId,
            actorId: current.actorId,
            paidWith: result.purchase.paidWith,
            priceCoins: result.purchase.paidWith === 'voucher' ? 0 : priceInCoins(current.price),
            automatic,
          });
        }
        if (mounted.current) setState({ kind: 'bought', result });
        latest.current.onBought?.(result);
      } catch (error) {
        const code = error instanceof RestError ? error.code : 'UNKNOWN';
        if (!mounted.current) return;
        if (code === 'NOT_LOGGED_IN') {
          setState({ kind: 'idle' });
          dialog.open('login');
        } else if (code === 'RESTRICTED') {
          setState({ kind: 'idle' });
          dialog.open('avs');
        } else if (code === 'NOT_ENOUGH_MONEY' && !automatic) {
          // The same attempt goes again after the top-up (same key).
          const waiting = ++waitingFor.current;
          setState({ kind: 'idle' });
          setNotEnoughMoneyRequest({
            price: formatPriceInCoins(current.price, lang),
            onTopUp: () => {
              setState({ kind: 'topping-up' });
              topUp(() => {
                if (waitingFor.current !== waiting || !mounted.current) return;
                waitingFor.current += 1;
                void attemptRef.current(true);
              });
            },
            onCancel: () => {
              if (waitingFor.current === waiting) attemptKey.current = null;
            },
          });
          modals.open('not-enough-money');
        } else {
          // A failure after a top-up (still not enough) is said in words; a click asks again.
          attemptKey.current = null;
          setState({ kind: 'error', code });
        }
      } finally {
        inFlight.current = false;
      }
    },
    [wallet, dialog, modals, topUp, lang],
  );
  const attemptRef = useRef(attempt);
  attemptRef.current = attempt;

  const buy = useCallback(() => {
    if (inFlight.current) return;
    if (gate === 'login') {
      dialog.open('login');
      return;
    }
    if (gate === 'age-check') {
      dialog.open('avs');
      return;
    }
    // A new click drops a top-up still waited for: the purchase goes once, from here.
    waitingFor.current += 1;
    void attempt(false);
  }, [gate, dialog, attempt]);

  return { state, buy, gate, voucher };
}
