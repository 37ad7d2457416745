import { useEffect, useState } from 'react';
import { PasswordField } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useForm } from '../components/useForm.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { loadPasswordPolicy, passwordLimits } from '../password.ts';
import { passwordError } from './password-error.ts';

/** Password reset (login view): u and key from the mailed link, a new password -> POST guest/passwordReset. */
export function PasswordResetForm() {
  const { t, api, authenticated, goToFlow, prefill } = useDialog();
  const [password, setPassword] = useState('');
  const [limits, setLimits] = useState(passwordLimits());
  const form = useForm(['password'] as const);
  useEffect(() => {
    loadPasswordPolicy().then(() => setLimits(passwordLimits()));
  }, []);
  const u = prefill.u ?? '';
  const key = prefill.key ?? '';

  const onSubmit = form.submit(
    async () => ({ password: await passwordError(t, password) }),
    async () => {
      const result = await api.passwordReset({ u, key, password });
      authenticated(result, 'pwdreset');
    },
  );

  if (!/^\d{1,15}$/.test(u) || key.length < 16) {
    return (
      <ViewRoot view="login" screen="pwdreset" title={t('pwdresetTitle')}>
        <p className="notice" role="alert">
          {t('pwdresetMissingLink')}
        </p>
        <button type="button" className="primary" onClick={() => goToFlow('pwdlost')}>
          {t('requestNewLink')}
        </button>
      </ViewRoot>
    );
  }
  return (
    <ViewRoot view="login" screen="pwdreset" title={t('pwdresetTitle')}>
      <form ref={form.formRef} onSubmit={onSubmit} noValidate>
        <FormAlert message={form.formError} />
        <PasswordField
          name="password"
          label={t('newPassword')}
          value={password}
          onChange={setPassword}
          error={form.errors.password}
          hint={limits ? t('passwordHint', { min: limits.min }) : undefined}
          autoComplete="new-password"
        />
        <SubmitButton busy={form.busy}>{t('pwdresetSubmit')}</SubmitButton>
      </form>
      <p className="links">
        <button type="button" className="link" onClick={() => goToFlow('pwdlost')}>
          {t('requestNewLink')}
        </button>
      </p>
    </ViewRoot>
  );
}
