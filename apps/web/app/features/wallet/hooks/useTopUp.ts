/**
 * Asks the guest for a top-up (flow moneycharge) on behalf of a feature that needs money, e.g. a
 * purchase refused with NOT_ENOUGH_MONEY. The feature's `onCharged` is the pending charge callback
 * of spec 4: it runs once after the next balance notification, when no dialog is open any more
 * (balanceStore.ts), with the new balance, so the feature can retry what it was doing.
 */
import { useCallback } from 'react';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useWallet } from '../state/BalanceProvider.tsx';
import type { PendingChargeCallback } from '../state/balanceStore.ts';

export function useTopUp(): (onCharged?: PendingChargeCallback) => void {
  const store = useWallet();
  const { open } = usePaymentDialog();
  return useCallback(
    (onCharged) => {
      if (onCharged && store?.getSnapshot()) store.registerPendingCharge(onCharged);
      open('moneycharge');
    },
    [store, open],
  );
}
