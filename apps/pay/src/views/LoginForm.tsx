import { useState } from 'react';
import { DialogForm } from '../components/DialogForm.tsx';
import { PasswordField, TextField } from '../components/Field.tsx';
import { FlowLink } from '../components/FlowLink.tsx';
import { LoginDisabledNotice } from '../components/LoginDisabledNotice.tsx';
import { useForm } from '../components/useForm.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';

/** Login: screen name or email and password -> POST guest/login. */
export function LoginForm() {
  const { t, api, authenticated, pendingFlow, loginDisabled, prefill } = useDialog();
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
        <LoginDisabledNotice />
      ) : (
        <DialogForm form={form} onSubmit={onSubmit} submitLabel={t('loginSubmit')}>
          <TextField
            {...form.field('login', login, setLogin)}
            label={t('loginName')}
            autoComplete="username"
            maxLength={254}
          />
          <PasswordField
            {...form.field('password', password, setPassword)}
            label={t('password')}
            autoComplete="current-password"
          />
        </DialogForm>
      )}
      <p className="links">
        <FlowLink flow="pwdlost">{t('forgotPassword')}</FlowLink>
      </p>
      <p className="links">
        {t('noAccount')} <FlowLink flow="signup">{t('signupLink')}</FlowLink>
      </p>
    </ViewRoot>
  );
}
