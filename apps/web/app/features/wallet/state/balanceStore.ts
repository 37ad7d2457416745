/**
 * The guest's balance on the page (issue 4 deliverable 3): one small external store per page,
 * seeded from the server-rendered viewer, that the navbar, the my-account menu and the guest area
 * read. It changes on a balance notification:
 *
 * - `applyBalanceEvent(event)`: the bus event `guestBalance` (spec 7: guestBalance,
 *   guestBalanceFormatted, guestIsPayingCustomer), called by the browser socket (issue 6);
 * - `refresh(reason)`: GET guest/getGuestBalance, after the payment dialog reports success for a
 *   money flow and when the tab becomes visible again.
 *
 * Spec 4: "Balance notification with payment logs analytics, reloads incentives, runs pending
 * charge callback (deferred while a dialog is open)". A feature that asked for a top-up registers
 * a pending charge callback; it runs once after the next notification, as soon as no dialog is open.
 */
import { coinBalanceOf } from '@vela/domain/coin-balance';
import { formatAmount } from '@vela/domain/money-format';
import { createListeners } from '../../realtime/state/listeners.ts';

export interface BalanceSnapshot {
  /** Balance in coins (spec 9: 1 EUR = 4 coins, rounded up). */
  coins: number;
  /** Balance in euro cents when known (the socket event may carry only coins). */
  cents: number | null;
  /** Coins formatted by spec 9 (dot thousands). */
  formatted: string;
  isPayingCustomer: boolean;
  /** Counts the notifications this page has seen (0: the server-rendered value). */
  version: number;
}

/** The `guestBalance` bus/socket event (spec 7); `guestBalanceCents` is our addition. */
export interface GuestBalanceEvent {
  type?: 'guestBalance';
  guestBalance: number;
  guestBalanceFormatted: string;
  guestIsPayingCustomer: boolean;
  guestBalanceCents?: number;
}

/** Why a balance notification happened. */
export type BalanceSource = 'event' | 'dialog-success' | 'visible' | 'manual';

export interface BalanceNotification {
  previous: BalanceSnapshot;
  current: BalanceSnapshot;
  source: BalanceSource;
  /** The payment dialog flow that reported success, if that caused it. */
  flow: string | null;
}

/** What a notification reports to analytics (the `payment` event). */
export interface PaymentAnalytics {
  source: BalanceSource;
  flow: string | null;
  balanceCoins: number;
  changeCoins: number;
  isPayingCustomer: boolean;
}

export interface BalanceStoreDeps {
  fetchBalance(): Promise<{ balanceCents: number; balanceCoins: number }>;
  /** Analytics `payment` event (only when the balance rose: money came in). */
  trackPayment?(data: PaymentAnalytics): void;
  /** Spec 4: page-load incentives reload on a balance notification. */
  reloadIncentives?(): void;
  /** Where a failing callback or listener is reported (console by default). */
  reportError?(error: unknown): void;
}

export type PendingChargeCallback = (balance: BalanceSnapshot) => void;

export interface BalanceStore {
  /** Null for a visitor (no wallet to show). */
  getSnapshot(): BalanceSnapshot | null;
  subscribe(listener: () => void): () => void;
  /** Called after every balance notification (the history reloads on it). */
  onNotification(listener: (notification: BalanceNotification) => void): () => void;
  applyBalanceEvent(event: GuestBalanceEvent): void;
  /**
   * Reads the balance from the server. `dialog-success` always counts as a notification (the
   * dialog said money moved); otherwise only a changed balance does. Concurrent calls share one request.
   */
  refresh(source: Exclude<BalanceSource, 'event'>, flow?: string | null): Promise<void>;
  /** The payment dialog opened or closed: pending charge callbacks wait while it is open. */
  setDialogOpen(open: boolean): void;
  /** Registers a callback to run after the next balance notification; answers its removal. */
  registerPendingCharge(callback: PendingChargeCallback): () => void;
  /** A visitor logged in or a guest logged out elsewhere: start again from this snapshot. */
  reset(snapshot: BalanceSnapshot | null): void;
}

/** The snapshot of a balance in cents (coins rounded down, so shown coins always cover a price of as many coins; formatted by spec 9). */
export function snapshotOfCents(cents: number, isPayingCustomer: boolean, version = 0): BalanceSnapshot {
  const balance = coinBalanceOf(cents);
  return { coins: balance.coins, cents, formatted: balance.formatted, isPayingCustomer, version };
}

/** The snapshot of a `guestBalance` event; null when the event is malformed. */
export function snapshotOfEvent(event: GuestBalanceEvent, version: number): BalanceSnapshot | null {
  const coins = event?.guestBalance;
  if (typeof coins !== 'number' || !Number.isSafeInteger(coins) || coins < 0) return null;
  const cents =
    typeof event.guestBalanceCents === 'number' &&
    Number.isSafeInteger(event.guestBalanceCents) &&
    event.guestBalanceCents >= 0
      ? event.guestBalanceCents
      : null;
  return {
    coins,
    cents,
    formatted:
      typeof event.guestBalanceFormatted === 'string' && event.guestBalanceFormatted
        ? event.guestBalanceFormatted
        : formatAmount(coins, 'VXC'),
    isPayingCustomer: event.guestIsPayingCustomer === true,
    version,
  };
}

export function createBalanceStore(initial: BalanceSnapshot | null, deps: BalanceStoreDeps): BalanceStore {
  let snapshot = initial;
  let dialogOpen = false;
  let inFlight: Promise<void> | null = null;
  const listeners = createListeners();
  const notificationListeners = new Set<(notification: BalanceNotification) => void>();
  /** Pending charge callbacks; `due` once a notification arrived after registration. */
  const pending = new Map<number, { callback: PendingChargeCallback; due: boolean }>();
  let nextPendingId = 1;
  const report = deps.reportError ?? ((error: unknown) => console.error('Balance:', error));

  const emit = listeners.emit;

  function runDueCallbacks(): void {
    if (dialogOpen || !snapshot) return;
    const current = snapshot;
    for (const [id, entry] of [...pending]) {
      if (!entry.due) continue;
      pending.delete(id);
      try {
        entry.callback(current);
      } catch (error) {
        report(error);
      }
    }
  }

  function notify(next: BalanceSnapshot, source: BalanceSource, flow: string | null): void {
    const previous = snapshot ?? next;
    snapshot = next;
    emit();
    const notification: BalanceNotification = { previous, current: next, source, flow };
    const changeCoins = next.coins - previous.coins;
    if (changeCoins > 0 && deps.trackPayment) {
      try {
        deps.trackPayment({
          source,
          flow,
          balanceCoins: next.coins,
          changeCoins,
          isPayingCustomer: next.isPayingCustomer,
        });
      } catch (error) {
        report(error);
      }
    }
    try {
      deps.reloadIncentives?.();
    } catch (error) {
      report(error);
    }
    for (const listener of [...notificationListeners]) {
      try {
        listener(notification);
      } catch (error) {
        report(error);
      }
    }
    for (const entry of pending.values()) entry.due = true;
    runDueCallbacks();
  }

  function refresh(source: Exclude<BalanceSource, 'event'>, flow: string | null = null): Promise<void> {
    if (!snapshot) return Promise.resolve();
    if (inFlight) {
      // A success report must count even when a visibility refresh is already under way.
      if (source !== 'dialog-success') return inFlight;
      return inFlight.then(() => refresh(source, flow));
    }
    inFlight = deps
      .fetchBalance()
      .then((balance) => {
        const current = snapshot;
        if (!current) return;
        const changed = current.cents === null || balance.balanceCents !== current.cents;
        if (!changed && source !== 'dialog-success') return;
        notify(
          snapshotOfCents(balance.balanceCents, current.isPayingCustomer, current.version + 1),
          source,
          flow,
        );
      })
      .catch((error: unknown) => {
        // The page keeps the last known balance; the next notification or refresh corrects it.
        report(error);
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe: listeners.subscribe,
    onNotification(listener) {
      notificationListeners.add(listener);
      return () => notificationListeners.delete(listener);
    },
    applyBalanceEvent(event) {
      if (!snapshot) return;
      const next = snapshotOfEvent(event, snapshot.version + 1);
      if (!next) {
        report(new Error('Ignored a malformed guestBalance event'));
        return;
      }
      notify(next, 'event', null);
    },
    refresh,
    setDialogOpen(open) {
      dialogOpen = open;
      runDueCallbacks();
    },
    registerPendingCharge(callback) {
      const id = nextPendingId++;
      pending.set(id, { callback, due: false });
      return () => pending.delete(id);
    },
    reset(next) {
      snapshot = next;
      pending.clear();
      emit();
    },
  };
}
