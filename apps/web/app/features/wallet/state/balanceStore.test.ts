/**
 * The page's balance store (issue 4 deliverable 3; spec 4 "Balance notification with payment logs
 * analytics, reloads incentives, runs pending charge callback (deferred while a dialog is open)").
 */
import { describe, expect, it, vi } from 'vitest';
import {
  type BalanceStoreDeps,
  createBalanceStore,
  snapshotOfCents,
  snapshotOfEvent,
} from './balanceStore.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(initialCents: number | null = 1_000, overrides: Partial<BalanceStoreDeps> = {}) {
  const deps = {
    fetchBalance: vi.fn(async () => ({ balanceCents: 3_000, balanceCoins: 120 })),
    trackPayment: vi.fn(),
    reloadIncentives: vi.fn(),
    reportError: vi.fn(),
    ...overrides,
  };
  const store = createBalanceStore(initialCents === null ? null : snapshotOfCents(initialCents, false), deps);
  return { store, deps };
}

const event = (coins: number, paying = true) => ({
  type: 'guestBalance' as const,
  guestBalance: coins,
  guestBalanceFormatted: coins.toLocaleString('de-DE'),
  guestIsPayingCustomer: paying,
});

describe('balance snapshots (spec 9: 1 EUR = 4 coins; a balance rounds down so it never shows more than it can pay; dot thousands)', () => {
  it('a balance in cents is shown in coins rounded down and formatted with dot thousands', () => {
    expect(snapshotOfCents(1_010, false)).toEqual({
      coins: 40,
      cents: 1_010,
      formatted: '40',
      isPayingCustomer: false,
      version: 0,
    });
    expect(snapshotOfCents(123_456_00, true).formatted).toBe('493.824');
  });

  it('a guestBalance event (spec 7: guestBalance, guestBalanceFormatted, guestIsPayingCustomer) becomes a snapshot; malformed ones are refused', () => {
    expect(snapshotOfEvent({ ...event(1_234), guestBalanceCents: 30_850 }, 3)).toEqual({
      coins: 1_234,
      cents: 30_850,
      formatted: '1.234',
      isPayingCustomer: true,
      version: 3,
    });
    expect(snapshotOfEvent({ ...event(5), guestBalanceFormatted: '' }, 1)?.formatted).toBe('5');
    expect(snapshotOfEvent({ ...event(5), guestBalance: -1 }, 1)).toBeNull();
    expect(snapshotOfEvent({ ...event(5), guestBalance: 1.5 }, 1)).toBeNull();
  });
});

describe('balance store', () => {
  it('applyBalanceEvent updates every subscriber and counts the notification', () => {
    const { store } = setup();
    const seen: (number | undefined)[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()?.coins));
    store.applyBalanceEvent(event(80));
    expect(store.getSnapshot()).toMatchObject({ coins: 80, isPayingCustomer: true, version: 1 });
    expect(seen).toEqual([80]);
  });

  it('a visitor has no balance: events and refreshes change nothing and call nobody', async () => {
    const { store, deps } = setup(null);
    store.applyBalanceEvent(event(80));
    await store.refresh('dialog-success', 'moneycharge');
    expect(store.getSnapshot()).toBeNull();
    expect(deps.fetchBalance).not.toHaveBeenCalled();
  });

  it('balance notification logs the analytics payment event when money came in, and reloads incentives every time', () => {
    const { store, deps } = setup(1_000); // 40 coins
    store.applyBalanceEvent(event(120));
    expect(deps.trackPayment).toHaveBeenCalledWith({
      source: 'event',
      flow: null,
      balanceCoins: 120,
      changeCoins: 80,
      isPayingCustomer: true,
    });
    expect(deps.reloadIncentives).toHaveBeenCalledTimes(1);
    store.applyBalanceEvent(event(100)); // a purchase: no payment to log
    expect(deps.trackPayment).toHaveBeenCalledTimes(1);
    expect(deps.reloadIncentives).toHaveBeenCalledTimes(2);
  });

  it('refresh after a dialog success reads GET guest/getGuestBalance and notifies, naming the flow', async () => {
    const { store, deps } = setup(1_000);
    const notifications: string[] = [];
    store.onNotification((n) =>
      notifications.push(`${n.source}:${n.flow}:${n.previous.coins}->${n.current.coins}`),
    );
    await store.refresh('dialog-success', 'moneycharge');
    expect(deps.fetchBalance).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ coins: 120, cents: 3_000, formatted: '120', version: 1 });
    expect(notifications).toEqual(['dialog-success:moneycharge:40->120']);
    expect(deps.trackPayment).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'dialog-success', flow: 'moneycharge', changeCoins: 80 }),
    );
  });

  it('refresh when the tab is visible again notifies only when the balance changed', async () => {
    const { store, deps } = setup(3_000);
    const listener = vi.fn();
    store.onNotification(listener);
    await store.refresh('visible');
    expect(deps.fetchBalance).toHaveBeenCalledTimes(1);
    expect(listener).not.toHaveBeenCalled();
    expect(deps.reloadIncentives).not.toHaveBeenCalled();
    vi.mocked(deps.fetchBalance).mockResolvedValueOnce({ balanceCents: 2_000, balanceCoins: 80 });
    await store.refresh('visible');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()?.coins).toBe(80);
  });

  it('concurrent refreshes share one request, but a dialog success still counts after a running visibility check', async () => {
    const first = deferred<{ balanceCents: number; balanceCoins: number }>();
    const { store, deps } = setup(3_000, {
      fetchBalance: vi
        .fn()
        .mockReturnValueOnce(first.promise)
        .mockResolvedValueOnce({ balanceCents: 3_000, balanceCoins: 120 }),
    });
    const listener = vi.fn();
    store.onNotification(listener);
    const a = store.refresh('visible');
    const b = store.refresh('visible');
    const c = store.refresh('dialog-success', 'vipabo');
    first.resolve({ balanceCents: 3_000, balanceCoins: 120 });
    await Promise.all([a, b, c]);
    expect(deps.fetchBalance).toHaveBeenCalledTimes(2);
    // Unchanged balance: the visibility check is silent, the dialog success is a notification.
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0]).toMatchObject({ source: 'dialog-success', flow: 'vipabo' });
  });

  it('a failed refresh keeps the last known balance and reports the error', async () => {
    const { store, deps } = setup(1_000, { fetchBalance: vi.fn().mockRejectedValue(new Error('offline')) });
    await store.refresh('dialog-success', 'moneycharge');
    expect(store.getSnapshot()?.coins).toBe(40);
    expect(deps.reportError).toHaveBeenCalled();
  });
});

describe('pending charge callback (spec 4: runs after the balance notification, deferred while a dialog is open)', () => {
  it('runs once after the next balance notification with the new balance', () => {
    const { store } = setup(0);
    const callback = vi.fn();
    store.registerPendingCharge(callback);
    expect(callback).not.toHaveBeenCalled();
    store.applyBalanceEvent(event(40));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith(expect.objectContaining({ coins: 40 }));
    store.applyBalanceEvent(event(80));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits while a dialog is open and runs when it closes; closing without a notification runs nothing', () => {
    const { store } = setup(0);
    const callback = vi.fn();
    store.registerPendingCharge(callback);
    store.setDialogOpen(true);
    store.setDialogOpen(false);
    expect(callback).not.toHaveBeenCalled();
    store.setDialogOpen(true);
    store.applyBalanceEvent(event(40));
    expect(callback).not.toHaveBeenCalled();
    store.setDialogOpen(false);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith(expect.objectContaining({ coins: 40 }));
  });

  it('a removed callback never runs; a failing one does not stop the others', () => {
    const { store, deps } = setup(0);
    const removed = vi.fn();
    const failing = vi.fn(() => {
      throw new Error('boom');
    });
    const other = vi.fn();
    const remove = store.registerPendingCharge(removed);
    store.registerPendingCharge(failing);
    store.registerPendingCharge(other);
    remove();
    store.applyBalanceEvent(event(4));
    expect(removed).not.toHaveBeenCalled();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
    expect(deps.reportError).toHaveBeenCalled();
  });

  it('a callback registered after a notification waits for the next one; reset drops pending callbacks', () => {
    const { store } = setup(0);
    store.applyBalanceEvent(event(4));
    const later = vi.fn();
    store.registerPendingCharge(later);
    expect(later).not.toHaveBeenCalled();
    store.reset(snapshotOfCents(0, false));
    store.applyBalanceEvent(event(8));
    expect(later).not.toHaveBeenCalled();
  });
});
