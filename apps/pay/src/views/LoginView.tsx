import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { isLoggedIn } from '../flow.ts';
import { LoginForm } from './LoginForm.tsx';
import { PasswordLostForm } from './PasswordLostForm.tsx';
import { PasswordResetForm } from './PasswordResetForm.tsx';

/** View `login` with its sub-screens: login (flow login), password lost, password reset. */
export function LoginView() {
  const { flow, guest, t, close } = useDialog();
  if (flow === 'pwdlost') return <PasswordLostForm />;
  if (flow === 'pwdreset') return <PasswordResetForm />;
  if (isLoggedIn(guest) && guest) {
    return (
      <ViewRoot view="login" screen="logged-in" title={t('loginTitle')}>
        <p>{t('alreadyLoggedIn', { name: guest.name })}</p>
        <button type="button" className="primary" onClick={close}>
          {t('continue')}
        </button>
      </ViewRoot>
    );
  }
  return <LoginForm />;
}
