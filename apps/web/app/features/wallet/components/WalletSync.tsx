/**
 * Keeps the page's balance current (issue 4 deliverable 3), rendered once inside the payment
 * dialog provider:
 * - the dialog reports `success` for a money flow -> the dialog closes, the balance is read again
 *   (a balance notification: analytics, incentives, pending charge callback);
 * - the dialog is open -> pending charge callbacks wait until it is closed (spec 4);
 * - the tab becomes visible again -> the balance is read again (it may have changed elsewhere).
 */
import { useEffect } from 'react';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { isMoneyFlow } from '../moneyFlows.ts';
import { useWallet } from '../state/BalanceProvider.tsx';

const OPEN_STATES = new Set(['created', 'ready', 'loaded', 'visible']);

export function WalletSync() {
  const store = useWallet();
  const { onSuccess, state } = usePaymentDialog();

  useEffect(() => {
    if (!store) return;
    return onSuccess((flow) => {
      if (!isMoneyFlow(flow) || !store.getSnapshot()) return false;
      void store.refresh('dialog-success', flow);
      return true;
    });
  }, [store, onSuccess]);

  useEffect(() => {
    store?.setDialogOpen(OPEN_STATES.has(state));
  }, [store, state]);

  useEffect(() => {
    if (!store) return;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void store.refresh('visible');
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [store]);

  return null;
}
