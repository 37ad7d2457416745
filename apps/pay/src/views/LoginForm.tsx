import { useState } from 'react';
import { PasswordField, TextField } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useForm } from '../components/useForm.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';

/** Login: screen name or email and password -> POST guest/login. */
export function LoginForm() {
  const { t, api, authenticated, goToFlow, pendingFlow, loginDisabled, prefill } = useDialog();
  const [login, setLogin] = useState(prefill.screenName ?? prefill.login ?? '');
  const [password, setPassword] = useState('');
  const form = useForm(['login', 'password'] as const);

  const onSubmit = form.submit(
    () => ({
      login: login.trim() === '' ? t('required') : undefined,
      password: password === '' ? t('required') : undefined,
    }),
    async () => {
      const result = await api.login({ login: login.trim(), password });
      authenticated(result, 'login');
    },
  );

  return (
    <ViewRoot view="login" screen="login" title={t('loginTitle')}>
      {pendingFlow ? <p className="intro">{t('loginToContinue')}</p> : null}
      {loginDisabled ? (
        <p className="notice" role="alert">
          {t('loginDisabled')}
        </p>
      ) : (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate>
          <FormAlert message={form.formError} />
          <TextField
            name="login"
            label={t('loginName')}
            value={login}
            onChange={setLogin}
            error={form.errors.login}
            autoComplete="username"
            maxLength={254}
          />
          <PasswordField
            name="password"
            label={t('password')}
            value={password}
            onChange={setPassword}
            error={form.errors.password}
            autoComplete="current-password"
          />
          <SubmitButton busy={form.busy}>{t('loginSubmit')}</SubmitButton>
        </form>
      )}
      <p className="links">
        <button type="button" className="link" onClick={() => goToFlow('pwdlost')}>
          {t('forgotPassword')}
        </button>
      </p>
      <p className="links">
        {t('noAccount')}{' '}
        <button type="button" className="link" onClick={() => goToFlow('signup')}>
          {t('signupLink')}
        </button>
      </p>
    </ViewRoot>
  );
}
