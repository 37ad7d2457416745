import { DIALOG_Z_INDEX, SPINNER_SIZE } from '@vela/domain/payment-dialog-open';
import { useAccountT } from '../auth/useAccountT.ts';

/** The 140x140 spinner over the payment dialog while it loads (spec 9), with its spoken status. */
export function DialogSpinner() {
  const t = useAccountT();
  return (
    <div
      className="payment-dialog__spinner"
      role="status"
      data-dialog-spinner=""
      style={{
        position: 'fixed',
        top: '50%',
        left: '50%',
        width: SPINNER_SIZE,
        height: SPINNER_SIZE,
        marginTop: -SPINNER_SIZE / 2,
        marginLeft: -SPINNER_SIZE / 2,
        zIndex: DIALOG_Z_INDEX + 1,
      }}
    >
      <span className="payment-dialog__spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{t('dialogLoading')}</span>
    </div>
  );
}
