import { useState } from 'react';
import { DialogForm } from '../components/DialogForm.tsx';
import { TextField } from '../components/Field.tsx';
import { FlowLink } from '../components/FlowLink.tsx';
import { useForm } from '../components/useForm.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';

/**
 * Password lost (login view): screen name or email -> POST guest/passwordLost. The answer is the
 * same whether or not the account exists, and so is the screen after it.
 */
export function PasswordLostForm() {
  const { t, api, lang, goToFlow, prefill } = useDialog();
  const [value, setValue] = useState(prefill.login ?? prefill.email ?? '');
  const [sent, setSent] = useState(false);
  const form = useForm(['login'] as const);

  const onSubmit = form.submit(
    () => ({ login: value.trim() === '' ? t('required') : undefined }),
    async () => {
      const entered = value.trim();
      await api.passwordLost(
        entered.includes('@') ? { email: entered, language: lang } : { login: entered, language: lang },
      );
      setSent(true);
    },
  );

  if (sent) {
    return (
      <ViewRoot view="login" screen="pwdlost-sent" title={t('pwdlostTitle')}>
        <p role="status">{t('pwdlostSent')}</p>
        <button type="button" className="primary" onClick={() => goToFlow('login')}>
          {t('backToLogin')}
        </button>
      </ViewRoot>
    );
  }
  return (
    <ViewRoot view="login" screen="pwdlost" title={t('pwdlostTitle')}>
      <p className="intro">{t('pwdlostIntro')}</p>
      <DialogForm form={form} onSubmit={onSubmit} submitLabel={t('pwdlostSubmit')}>
        <TextField
          {...form.field('login', value, setValue)}
          label={t('loginName')}
          autoComplete="username"
          maxLength={254}
        />
      </DialogForm>
      <p className="links">
        <FlowLink flow="login">{t('backToLogin')}</FlowLink>
      </p>
    </ViewRoot>
  );
}
