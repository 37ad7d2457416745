import { NEWSLETTER_TYPES, type NewsletterType } from '@vela/contracts/guest-api';
import { useEffect, useId, useState } from 'react';
import { DialogForm } from '../components/DialogForm.tsx';
import { PasswordField } from '../components/Field.tsx';
import { FormAlert, FormStatus } from '../components/FormAlert.tsx';
import { useBusyAction } from '../components/useBusyAction.ts';
import { useForm } from '../components/useForm.ts';
import { usePasswordHint } from '../components/usePasswordHint.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { errorText } from '../errors.ts';
import { passwordError } from './password-error.ts';

const NEWSLETTER_ORDER: readonly NewsletterType[] = ['vipClub', 'lateNight', 'vrPorn', 'contests'];

/**
 * Flow settings (payment view): what a guest can change today: the password (POST guest/password,
 * hook password-changed), newsletter types (GET guest/newsletter, subscribe/unsubscribe) and
 * sign out (POST vxpay/logout, then `logout` to the page).
 */
export function SettingsView() {
  const { t, guest, flow } = useDialog();
  if (!guest) return null;
  return (
    <ViewRoot view="payment" screen={flow} title={t('settingsTitle')}>
      <p className="context">{t('settingsAccount', { name: guest.name, email: guest.email })}</p>
      <ChangePassword />
      <Newsletters guest={guest} />
      <SignOut />
    </ViewRoot>
  );
}

function ChangePassword() {
  const { t, api, hook } = useDialog();
  const headingId = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const passwordHint = usePasswordHint();
  const form = useForm(['currentPassword', 'newPassword'] as const);

  const onSubmit = form.submit(
    async () => ({
      currentPassword: currentPassword === '' ? t('required') : undefined,
      newPassword: await passwordError(t, newPassword),
    }),
    async () => {
      setDone(null);
      await api.changePassword({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      setDone(t('passwordChanged'));
      hook('password-changed');
    },
    { currentPassword: true },
  );

  return (
    <section className="panel">
      <h2 id={headingId}>{t('changePasswordTitle')}</h2>
      <DialogForm form={form} onSubmit={onSubmit} submitLabel={t('changePasswordSubmit')}>
        <FormStatus message={done} />
        <PasswordField
          {...form.field('currentPassword', currentPassword, setCurrentPassword)}
          label={t('currentPassword')}
          autoComplete="current-password"
        />
        <PasswordField
          {...form.field('newPassword', newPassword, setNewPassword)}
          label={t('newPassword')}
          hint={passwordHint}
          autoComplete="new-password"
        />
      </DialogForm>
    </section>
  );
}

function Newsletters({ guest }: { guest: { id: string; email: string } }) {
  const { t, api } = useDialog();
  const headingId = useId();
  const [mask, setMask] = useState<number | null>(null);
  const [busy, setBusy] = useState<NewsletterType | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .newsletters()
      .then(setMask)
      .catch((failure) => setError(`${t('newsletterUnavailable')} ${errorText(t, failure)}`));
  }, [api, t]);

  const toggle = async (type: NewsletterType, on: boolean) => {
    const before = mask ?? 0;
    const bit = NEWSLETTER_TYPES[type];
    // The box follows the click at once; a failed call puts it back.
    setMask(on ? before | bit : before & ~bit);
    setBusy(type);
    setStatus(null);
    setError(null);
    try {
      setMask(await api.setNewsletter(type, on, guest));
      setStatus(t('newsletterSaved'));
    } catch {
      setMask(before);
      setError(t('newsletterFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel">
      <h2 id={headingId}>{t('newsletterTitle')}</h2>
      <FormAlert message={error} />
      <FormStatus message={status} />
      {mask === null ? null : (
        <fieldset className="checks" aria-labelledby={headingId}>
          {NEWSLETTER_ORDER.map((type) => {
            const bit = NEWSLETTER_TYPES[type];
            return (
              <label key={type} className="check">
                <input
                  type="checkbox"
                  name={`newsletter-${type}`}
                  checked={(mask & bit) === bit}
                  disabled={busy !== null}
                  aria-busy={busy === type}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                {t('newsletterName', { type })}
              </label>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}

function SignOut() {
  const { t, api, loggedOut } = useDialog();
  const headingId = useId();
  const { busy, error, run } = useBusyAction((failure) => errorText(t, failure));
  const signOut = () =>
    run(async () => {
      await api.logout();
      loggedOut();
    });
  return (
    <section className="panel">
      <h2 id={headingId}>{t('signOutTitle')}</h2>
      <p>{t('signOutIntro')}</p>
      <FormAlert message={error} />
      <button type="button" className="secondary" disabled={busy} aria-busy={busy} onClick={signOut}>
        {busy ? t('working') : t('signOut')}
      </button>
    </section>
  );
}
