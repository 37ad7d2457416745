import { useState } from 'react';
import { DialogForm } from '../components/DialogForm.tsx';
import { PasswordField } from '../components/Field.tsx';
import { FlowLink } from '../components/FlowLink.tsx';
import { useForm } from '../components/useForm.ts';
import { usePasswordHint } from '../components/usePasswordHint.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { passwordError } from './password-error.ts';

/** Password reset (login view): u and key from the mailed link, a new password -> POST guest/passwordReset. */
export function PasswordResetForm() {
  const { t, api, authenticated, goToFlow, prefill } = useDialog();
  const [password, setPassword] = useState('');
  const passwordHint = usePasswordHint();
  const form = useForm(['password'] as const);
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
      <DialogForm form={form} onSubmit={onSubmit} submitLabel={t('pwdresetSubmit')}>
        <PasswordField
          {...form.field('password', password, setPassword)}
          label={t('newPassword')}
          hint={passwordHint}
          autoComplete="new-password"
        />
      </DialogForm>
      <p className="links">
        <FlowLink flow="pwdlost">{t('requestNewLink')}</FlowLink>
      </p>
    </ViewRoot>
  );
}
