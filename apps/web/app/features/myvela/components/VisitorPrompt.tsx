/**
 * What a visitor sees in the guest area: it needs a login. Log in / Sign up open the payment
 * dialog; after the login the stored action (spec 3 onLoginAction redirectTo) brings the guest
 * back to this page.
 */
import type { Language } from '@vela/contracts/common';
import type { OnLoginAction } from '@vela/contracts/payment-messages';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useMyVelaT } from '../hooks/useMyVelaT.ts';

interface VisitorPromptProps {
  lang: Language;
  brand: string;
  loginEnabled: boolean;
  /** This page's path: where the guest returns after logging in. */
  targetUrl: string;
}

export function VisitorPrompt({ lang, brand, loginEnabled, targetUrl }: VisitorPromptProps) {
  const t = useMyVelaT(lang);
  const dialog = usePaymentDialog();
  const onLoginAction: OnLoginAction = { type: 'redirectTo', params: { targetUrl } };
  return (
    <section className="myvela-card myvela-visitor" aria-labelledby="myvela-visitor-title">
      <h2 id="myvela-visitor-title" className="myvela-card__title">
        {t('visitor.title')}
      </h2>
      <p>{t('visitor.text', { brand })}</p>
      {loginEnabled ? (
        <div className="myvela-actions">
          <button
            type="button"
            className="shell-button shell-button--primary"
            onClick={() => dialog.open('login', { onLoginAction, targetUrl })}
          >
            {t('visitor.login')}
          </button>
          <button
            type="button"
            className="shell-button"
            onClick={() => dialog.open('signup', { onLoginAction, targetUrl })}
          >
            {t('visitor.signup')}
          </button>
        </div>
      ) : (
        <p className="myvela-status myvela-status--info">{t('visitor.loginDisabled')}</p>
      )}
    </section>
  );
}
