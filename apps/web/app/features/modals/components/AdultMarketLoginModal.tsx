/**
 * `sexole-login` (spec 6): the adult-market variant's login modal for first-time visitors. Explains
 * and offers Log in / Sign up, which open the payment dialog.
 */
import { useAccountT } from '../../auth/useAccountT.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import type { ModalComponentProps } from '../registry.ts';

export function AdultMarketLoginModal({ titleId, close }: ModalComponentProps) {
  const t = useAccountT();
  const { brandName } = useShell();
  const { open } = usePaymentDialog();
  return (
    <div className="modal__content">
      <header className="modal__header">
        <h2 id={titleId} className="modal__title">
          {t('adultTitle', { brand: brandName })}
        </h2>
        <button type="button" className="icon-button" onClick={close} aria-label={t('close')}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <p>{t('adultBody', { brand: brandName })}</p>
      <div className="modal__actions account-actions">
        <button
          type="button"
          className="shell-button"
          onClick={() => {
            close();
            open('login');
          }}
        >
          {t('logIn')}
        </button>
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => {
            close();
            open('signup');
          }}
        >
          {t('signUp')}
        </button>
      </div>
    </div>
  );
}
