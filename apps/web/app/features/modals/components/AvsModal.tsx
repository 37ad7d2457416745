/**
 * `avs` (spec 2/4): explains age verification and opens the payment dialog's avs flow (visitors
 * are sent to the login first: the AVS flow needs a login, spec 6).
 */
import { useAccountT } from '../../auth/useAccountT.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import type { ModalComponentProps } from '../registry.ts';
import { ModalFrame } from './ModalFrame.tsx';

export function AvsModal({ titleId, close }: ModalComponentProps) {
  const t = useAccountT();
  const { open } = usePaymentDialog();
  const { loggedIn } = useViewer();
  return (
    <ModalFrame titleId={titleId} title={t('avsTitle')} closeButton={{ label: t('close'), onClose: close }}>
      <p>{t('avsBody')}</p>
      {loggedIn ? null : <p className="muted">{t('avsLoginFirst')}</p>}
      <div className="modal__actions account-actions">
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => {
            close();
            open(loggedIn ? 'avs' : 'login');
          }}
        >
          {loggedIn ? t('avsStart') : t('logIn')}
        </button>
      </div>
    </ModalFrame>
  );
}
