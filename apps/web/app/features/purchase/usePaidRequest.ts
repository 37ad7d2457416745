/**
 * A paid request from the page (issue 17 deliverable 1: buying a video or an album; issue 18: a cam
 * show ticket): the gates and money handling every paid click shares.
 *
 * - A visitor gets the login dialog; FSK-18 without an accepted age check gets the AVS flow.
 * - One idempotency key per attempt (`request(key)`); the server charges once whatever the key.
 * - Not enough money opens the spec 2 modal `not-enough-money`; its "Top up" opens the payment
 *   dialog through `useTopUp(onCharged)`: the pending charge callback of spec 4 (run after the next
 *   balance notification, deferred while a dialog is open) asks again, once, by itself.
 * - Success updates the page's balance from the answer and calls `onDone`.
 */
import type { Price } from '@vela/contracts/common';
import { restrictionFor } from '@vela/domain/restrictions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RestError } from '../api/rest.ts';
import { useViewer } from '../auth/useViewer.tsx';
import { formatPriceInCoins } from '../catalog/format.ts';
import { useShell } from '../layout/state/ShellContext.tsx';
import { useModals } from '../modals/state/ModalProvider.tsx';
import { usePaymentDialog } from '../payment-dialog/PaymentDialogProvider.tsx';
import { useTopUp } from '../wallet/hooks/useTopUp.ts';
import { useWallet } from '../wallet/state/BalanceProvider.tsx';
import { setNotEnoughMoneyRequest } from './notEnoughMoney.ts';

/** The balance fields of a paid answer (spec 7 guestBalance). */
export interface PaidAnswer {
  guestBalance: number;
  guestBalanceFormatted: string;
  guestBalanceCents: number;
}

export type PaidState<R> =
  | { kind: 'idle' }
  | { kind: 'busy' }
  /** Waiting for the top-up the guest asked for; the request goes again by itself after it. */
  | { kind: 'topping-up' }
  | { kind: 'bought'; result: R }
  | { kind: 'error'; code: string };

/** What stops a request before it is asked: a visitor (login) or FSK-18 without the age check. */
export type BuyGate = 'login' | 'age-check' | null;

export interface PaidRequest<R extends PaidAnswer> {
  /** What the not-enough-money modal names. */
  price: Price;
  /** FSK-18: the age check comes first. */
  ageCheck: boolean;
  request(idempotencyKey: string): Promise<R>;
  /** After the balance is updated; `automatic` when it went by itself after a top-up. */
  onDone?(result: R, automatic: boolean): void;
}

/** The page's balance from a paid answer (the paying flag stays what the page knows). */
export function applyPaidBalance(wallet: ReturnType<typeof useWallet>, answer: PaidAnswer): void {
  const balance = wallet?.getSnapshot();
  if (!wallet || !balance) return;
  wallet.applyBalanceEvent({
    guestBalance: answer.guestBalance,
    guestBalanceFormatted: answer.guestBalanceFormatted,
    guestBalanceCents: answer.guestBalanceCents,
    guestIsPayingCustomer: balance.isPayingCustomer,
  });
}

export function usePaidRequest<R extends PaidAnswer>(
  paid: PaidRequest<R>,
): { state: PaidState<R>; run(): void; gate: BuyGate } {
  const { lang } = useShell();
  const { snapshot } = useViewer();
  const dialog = usePaymentDialog();
  const modals = useModals();
  const wallet = useWallet();
  const topUp = useTopUp();
  const [state, setState] = useState<PaidState<R>>({ kind: 'idle' });
  const attemptKey = useRef<string | null>(null);
  const inFlight = useRef(false);
  /** The top-up this request waits for; a later click or a cancel makes an earlier one stale. */
  const waitingFor = useRef(0);
  const latest = useRef(paid);
  latest.current = paid;
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const gate: BuyGate = (() => {
    const reason = restrictionFor(snapshot, { login: true, ageCheck: paid.ageCheck });
    if (reason === 'need-login') return 'login';
    if (reason === 'need-age-check') return 'age-check';
    return null;
  })();

  const attempt = useCallback(
    async (automatic: boolean) => {
      if (inFlight.current) return;
      const current = latest.current;
      inFlight.current = true;
      attemptKey.current ??= crypto.randomUUID();
      setState({ kind: 'busy' });
      try {
        const result = await current.request(attemptKey.current);
        attemptKey.current = null;
        applyPaidBalance(wallet, result);
        if (mounted.current) setState({ kind: 'bought', result });
        latest.current.onDone?.(result, automatic);
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

  const run = useCallback(() => {
    if (inFlight.current) return;
    if (gate === 'login') {
      dialog.open('login');
      return;
    }
    if (gate === 'age-check') {
      dialog.open('avs');
      return;
    }
    // A new click drops a top-up still waited for: the request goes once, from here.
    waitingFor.current += 1;
    void attempt(false);
  }, [gate, dialog, attempt]);

  return { state, run, gate };
}
