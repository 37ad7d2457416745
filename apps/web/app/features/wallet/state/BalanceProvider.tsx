/**
 * Provides the page's balance store (balanceStore.ts) to every component: created once per page,
 * seeded from the server-rendered viewer (so the server render and hydration agree), and started
 * again when the viewer changes to another guest. `useBalance()` reads it; `useWallet()` gives the
 * actions (refresh, applyBalanceEvent for the socket of issue 6, pending charge callbacks).
 */
import type { GuestMe } from '@vela/contracts/guest-api';
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { track } from '../../analytics/track.ts';
import { fetchBalance } from '../api/walletApi.ts';
import { reloadPageLoadIncentives } from '../incentives.ts';
import {
  type BalanceSnapshot,
  type BalanceStore,
  createBalanceStore,
  snapshotOfCents,
} from './balanceStore.ts';

/** The balance a viewer was rendered with; null for visitors and locked guests. */
export function snapshotOfViewer(viewer: GuestMe | null): BalanceSnapshot | null {
  if (!viewer?.isLoggedIn || viewer.isLocked) return null;
  const snapshot = snapshotOfCents(viewer.balanceCents, viewer.isPayingCustomer);
  // The server formats too (spec 9); keep its text when it is there.
  return viewer.balanceFormatted ? { ...snapshot, formatted: viewer.balanceFormatted } : snapshot;
}

const BalanceContext = createContext<BalanceStore | null>(null);

export function BalanceProvider({ viewer, children }: { viewer: GuestMe | null; children: ReactNode }) {
  const [store] = useState(() =>
    createBalanceStore(snapshotOfViewer(viewer), {
      fetchBalance,
      trackPayment: (data) => {
        void track('payment', 'success', {
          source: data.source,
          flow: data.flow,
          balanceCoins: data.balanceCoins,
          changeCoins: data.changeCoins,
          isPayingCustomer: data.isPayingCustomer,
        });
      },
      reloadIncentives: reloadPageLoadIncentives,
    }),
  );
  const guestId = viewer?.isLoggedIn && !viewer.isLocked ? viewer.id : null;
  const seeded = useRef(guestId);
  useEffect(() => {
    if (seeded.current === guestId) return;
    seeded.current = guestId;
    store.reset(snapshotOfViewer(viewer));
  }, [guestId, viewer, store]);
  return createElement(BalanceContext.Provider, { value: store }, children);
}

/** The store of the page; null outside a BalanceProvider (isolated component renders). */
export function useWallet(): BalanceStore | null {
  return useContext(BalanceContext);
}

const noSubscription = () => () => {};
const nothing = () => null;

/** The guest's current balance (re-renders on every notification); null for visitors. */
export function useBalance(): BalanceSnapshot | null {
  const store = useContext(BalanceContext);
  return useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    store ? store.getSnapshot : nothing,
    store ? store.getSnapshot : nothing,
  );
}
