/**
 * `avs` (spec 2/4): explains age verification and opens the payment dialog's avs flow (visitors
 * are sent to the login first: the AVS flow needs a login, spec 6).
 */
import { useAccountT } from '../../auth/useAccountT.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import type { ModalComponentProps } from '../registry.ts';

export function AvsModal({ titleId, close }: ModalComponentProps) {
  const t = useAccountT();
  const { open } = usePaymentDialog();
  const { loggedIn } = useViewer();
  return (
    <div className="modal__content">
      <header className="modal__header">
        <h2 id={titleId} className="modal__title">
          {t('avsTitle')}
        </h2>
        <button type="button" className="icon-button" onClick={close} aria-label={t('close')}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
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
    </div>
  );
}
