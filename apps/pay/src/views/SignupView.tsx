import { ScreenNameSchema } from '@vela/contracts/guest-api';
import { isValidEmail } from '@vela/domain/email';
import { useState } from 'react';
import { DialogForm } from '../components/DialogForm.tsx';
import { PasswordField, TextField } from '../components/Field.tsx';
import { FlowLink } from '../components/FlowLink.tsx';
import { LoginDisabledNotice } from '../components/LoginDisabledNotice.tsx';
import { useForm } from '../components/useForm.ts';
import { usePasswordHint } from '../components/usePasswordHint.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { isLoggedIn } from '../flow.ts';
import { passwordError } from './password-error.ts';

/**
 * View `signup`: screen name, email, password -> POST guest/signup. The email rule (isValidEmail)
 * and the password policy (checkPassword) are the server's own functions, checked before sending.
 */
export function SignupView() {
  const { t, api, authenticated, pendingFlow, loginDisabled, prefill, guest, close } = useDialog();
  const [screenName, setScreenName] = useState(prefill.screenName ?? '');
  const [email, setEmail] = useState(prefill.signupEmail ?? '');
  const [password, setPassword] = useState('');
  const passwordHint = usePasswordHint();
  const form = useForm(['screenName', 'email', 'password'] as const);

  const onSubmit = form.submit(
    async () => ({
      screenName:
        screenName.trim() === ''
          ? t('required')
          : ScreenNameSchema.safeParse(screenName).success
            ? undefined
            : t('invalidScreenName'),
      email:
        email.trim() === ''
          ? t('required')
          : isValidEmail(email.trim().toLowerCase())
            ? undefined
            : t('errInvalidEmail'),
      password: await passwordError(t, password),
    }),
    async () => {
      const result = await api.signup({ screenName: screenName.trim(), email: email.trim(), password });
      authenticated(result, 'signup');
    },
  );

  if (isLoggedIn(guest) && guest) {
    return (
      <ViewRoot view="signup" screen="logged-in" title={t('signupTitle')}>
        <p>{t('alreadyLoggedIn', { name: guest.name })}</p>
        <button type="button" className="primary" onClick={close}>
          {t('continue')}
        </button>
      </ViewRoot>
    );
  }
  return (
    <ViewRoot view="signup" title={t('signupTitle')}>
      <p className="intro">{pendingFlow ? t('loginToContinue') : t('signupIntro')}</p>
      {loginDisabled ? (
        <LoginDisabledNotice />
      ) : (
        <DialogForm form={form} onSubmit={onSubmit} submitLabel={t('signupSubmit')}>
          <TextField
            {...form.field('screenName', screenName, setScreenName)}
            label={t('screenName')}
            hint={t('screenNameHint')}
            autoComplete="username"
            maxLength={32}
          />
          <TextField
            {...form.field('email', email, setEmail)}
            type="email"
            inputMode="email"
            label={t('email')}
            autoComplete="email"
            maxLength={254}
          />
          <PasswordField
            {...form.field('password', password, setPassword)}
            label={t('password')}
            hint={passwordHint}
            autoComplete="new-password"
          />
        </DialogForm>
      )}
      <p className="links">
        {t('haveAccount')} <FlowLink flow="login">{t('loginLink')}</FlowLink>
      </p>
    </ViewRoot>
  );
}
