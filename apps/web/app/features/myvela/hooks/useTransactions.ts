/**
 * The guest's transaction history (GET guest/transactions): the first page on mount, "load more"
 * with the `before` cursor, a retry after an error, and a fresh first page after every balance
 * notification of the page (a top-up in the dialog shows up without a reload).
 */
import type { Transaction } from '@vela/contracts/wallet-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchTransactions } from '../../wallet/api/walletApi.ts';
import { useWallet } from '../../wallet/state/BalanceProvider.tsx';
import { errorCodeOf } from '../errors.ts';

/** Rows per page of the history. */
export const HISTORY_PAGE_SIZE = 20;

export interface TransactionsState {
  /** loading: the first page is on its way; error: it failed (code); ready: rows are shown. */
  status: 'loading' | 'ready' | 'error';
  rows: Transaction[];
  nextBefore: string | null;
  code: string | null;
  loadingMore: boolean;
  /** The code of a failed "load more" (the rows stay). */
  moreError: string | null;
}

const INITIAL: TransactionsState = {
  status: 'loading',
  rows: [],
  nextBefore: null,
  code: null,
  loadingMore: false,
  moreError: null,
};

export function useTransactions(enabled: boolean) {
  const [state, setState] = useState<TransactionsState>(INITIAL);
  const generation = useRef(0);
  const store = useWallet();

  const loadFirst = useCallback(async () => {
    const mine = ++generation.current;
    setState((current) => ({
      ...current,
      status: current.rows.length > 0 ? 'ready' : 'loading',
      code: null,
    }));
    try {
      const page = await fetchTransactions({ limit: HISTORY_PAGE_SIZE });
      if (mine !== generation.current) return;
      setState({ ...INITIAL, status: 'ready', rows: page.transactions, nextBefore: page.nextBefore });
    } catch (error) {
      if (mine !== generation.current) return;
      setState((current) => ({ ...current, status: 'error', code: errorCodeOf(error) }));
    }
  }, []);

  const loadMore = useCallback(async () => {
    const before = state.nextBefore;
    if (!before || state.loadingMore) return;
    const mine = generation.current;
    setState((current) => ({ ...current, loadingMore: true, moreError: null }));
    try {
      const page = await fetchTransactions({ limit: HISTORY_PAGE_SIZE, before });
      if (mine !== generation.current) return;
      setState((current) => ({
        ...current,
        rows: [...current.rows, ...page.transactions.filter((t) => !current.rows.some((r) => r.id === t.id))],
        nextBefore: page.nextBefore,
        loadingMore: false,
      }));
    } catch (error) {
      if (mine !== generation.current) return;
      setState((current) => ({ ...current, loadingMore: false, moreError: errorCodeOf(error) }));
    }
  }, [state.nextBefore, state.loadingMore]);

  useEffect(() => {
    if (enabled) void loadFirst();
  }, [enabled, loadFirst]);

  // Every balance notification (dialog success, socket event, a changed balance on return) reloads.
  useEffect(() => {
    if (!enabled || !store) return;
    return store.onNotification(() => void loadFirst());
  }, [enabled, store, loadFirst]);

  return { state, reload: loadFirst, loadMore };
}
