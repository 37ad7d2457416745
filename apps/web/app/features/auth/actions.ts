/**
 * Account actions of the page: log out (spec 7 `vxpay/logout`, then reload; a failure reloads too,
 * spec 8) and resolving a restriction with its dialog (spec 6).
 */
import type { RestrictionReason } from '@vela/contracts/guest';
import { useCallback } from 'react';
import { postLogout } from '../payment-dialog/api.ts';
import { usePaymentDialog } from '../payment-dialog/PaymentDialogProvider.tsx';
import { uiForRestriction } from './restriction.ts';

export async function logOut(reload: () => void = () => window.location.reload()): Promise<void> {
  await postLogout();
  reload();
}

/** Opens the dialog that resolves a restriction reason, or shows the notice when none exists yet. */
export function useResolveRestriction(): (reason: RestrictionReason) => void {
  const dialog = usePaymentDialog();
  const { open, showNotice } = dialog;
  return useCallback(
    (reason: RestrictionReason) => {
      const ui = uiForRestriction(reason);
      if (ui.kind === 'dialog') open(ui.flow);
      else showNotice(ui.notice);
    },
    [open, showNotice],
  );
}
