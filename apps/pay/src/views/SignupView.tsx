import { ScreenNameSchema } from '@vela/contracts/guest-api';
import { isValidEmail } from '@vela/domain/email';
import { useEffect, useState } from 'react';
import { PasswordField, TextField } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useForm } from '../components/useForm.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { isLoggedIn } from '../flow.ts';
import { loadPasswordPolicy, passwordLimits } from '../password.ts';
import { passwordError } from './password-error.ts';

/**
 * View `signup`: screen name, email, password -> POST guest/signup. The email rule (isValidEmail)
 * and the password policy (checkPassword) are the server's own functions, checked before sending.
 */
export function SignupView() {
  const { t, api, authenticated, goToFlow, pendingFlow, loginDisabled, prefill, guest, close } = useDialog();
  const [screenName, setScreenName] = useState(prefill.screenName ?? '');
  const [email, setEmail] = useState(prefill.signupEmail ?? '');
  const [password, setPassword] = useState('');
  const [limits, setLimits] = useState(passwordLimits());
  const form = useForm(['screenName', 'email', 'password'] as const);
  useEffect(() => {
    loadPasswordPolicy().then(() => setLimits(passwordLimits()));
  }, []);

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
        <p className="notice" role="alert">
          {t('loginDisabled')}
        </p>
      ) : (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate>
          <FormAlert message={form.formError} />
          <TextField
            name="screenName"
            label={t('screenName')}
            value={screenName}
            onChange={setScreenName}
            error={form.errors.screenName}
            hint={t('screenNameHint')}
            autoComplete="username"
            maxLength={32}
          />
          <TextField
            name="email"
            type="email"
            inputMode="email"
            label={t('email')}
            value={email}
            onChange={setEmail}
            error={form.errors.email}
            autoComplete="email"
            maxLength={254}
          />
          <PasswordField
            name="password"
            label={t('password')}
            value={password}
            onChange={setPassword}
            error={form.errors.password}
            hint={limits ? t('passwordHint', { min: limits.min }) : undefined}
            autoComplete="new-password"
          />
          <SubmitButton busy={form.busy}>{t('signupSubmit')}</SubmitButton>
        </form>
      )}
      <p className="links">
        {t('haveAccount')}{' '}
        <button type="button" className="link" onClick={() => goToFlow('login')}>
          {t('loginLink')}
        </button>
      </p>
    </ViewRoot>
  );
}
