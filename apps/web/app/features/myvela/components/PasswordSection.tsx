/**
 * Password change (`guest/password` POST currentPassword, newPassword). The new password gets the
 * policy's feedback while typing (@vela/domain/password-policy, the same rule the server checks);
 * server errors are shown next to the field they concern. A change ends the other sessions, so
 * `onChanged` lets the sessions list reload.
 */
import { type FormEvent, useRef, useState } from 'react';
import { changePassword } from '../api/guestApi.ts';
import { errorCodeOf, errorText, type PasswordField, passwordErrorField } from '../errors.ts';
import type { MyVelaT } from '../hooks/useMyVelaT.ts';
import { loadPasswordPolicy, usePasswordPolicy } from '../hooks/usePasswordPolicy.ts';
import { FieldError, FormStatus, type StatusMessage } from './FormStatus.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SaveButton } from './SaveButton.tsx';

type FieldErrors = Partial<Record<PasswordField, string>>;

export function PasswordSection({ t, onChanged }: { t: MyVelaT; onChanged: () => void }) {
  const policy = usePasswordPolicy();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  const limits = policy ? { min: policy.PASSWORD_MIN_LENGTH, max: policy.PASSWORD_MAX_LENGTH } : undefined;
  const liveCheck = policy && next ? policy.checkPassword(next) : null;
  const nextFeedback =
    errors.newPassword ?? (liveCheck && !liveCheck.ok ? errorText(t, liveCheck.code, limits) : null);

  const focusFirst = (found: FieldErrors) => {
    if (found.currentPassword) currentRef.current?.focus();
    else if (found.newPassword) nextRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const module = await loadPasswordPolicy().catch(() => null);
    const found: FieldErrors = {};
    if (!current) found.currentPassword = t('error.required');
    if (!next) found.newPassword = t('error.required');
    else if (module) {
      const check = module.checkPassword(next);
      if (!check.ok)
        found.newPassword = errorText(t, check.code, {
          min: module.PASSWORD_MIN_LENGTH,
          max: module.PASSWORD_MAX_LENGTH,
        });
    }
    setErrors(found);
    if (found.currentPassword || found.newPassword) {
      focusFirst(found);
      return;
    }
    setSaving(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setStatus({ kind: 'success', text: t('password.changed') });
      onChanged();
    } catch (error) {
      const code = errorCodeOf(error);
      const text = errorText(t, code, limits);
      const field = passwordErrorField(code);
      if (field) {
        const fieldErrors = { [field]: text };
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
      } else {
        setStatus({ kind: 'error', text });
      }
    } finally {
      setSaving(false);
    }
  };

  const describedBy = (field: PasswordField, extra?: string) =>
    [errors[field] || (field === 'newPassword' && nextFeedback) ? `${field}-error` : null, extra]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <ProfileSection id="password" title={t('password.title')}>
      <form className="myvela-form" onSubmit={onSubmit} aria-describedby="password-status" noValidate>
        <div className="myvela-field">
          <label htmlFor="currentPassword">{t('password.current')}</label>
          <input
            ref={currentRef}
            id="currentPassword"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            aria-invalid={errors.currentPassword ? true : undefined}
            aria-describedby={describedBy('currentPassword')}
            onChange={(e) => {
              setCurrent(e.target.value);
              if (errors.currentPassword) setErrors({ ...errors, currentPassword: undefined });
            }}
          />
          <FieldError id="currentPassword-error" text={errors.currentPassword ?? null} />
        </div>
        <div className="myvela-field">
          <label htmlFor="newPassword">{t('password.new')}</label>
          <input
            ref={nextRef}
            id="newPassword"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            value={next}
            aria-invalid={nextFeedback ? true : undefined}
            aria-describedby={describedBy('newPassword', limits ? 'newPassword-hint' : undefined)}
            onChange={(e) => {
              setNext(e.target.value);
              if (errors.newPassword) setErrors({ ...errors, newPassword: undefined });
            }}
          />
          {limits ? (
            <p id="newPassword-hint" className="myvela-hint muted">
              {t('password.hint', limits)}
            </p>
          ) : null}
          <FieldError id="newPassword-error" text={nextFeedback} />
          {liveCheck?.ok && !errors.newPassword ? (
            <p className="myvela-hint myvela-hint--ok">{t('password.acceptable')}</p>
          ) : null}
        </div>
        <div className="myvela-form__footer">
          <SaveButton saving={saving} label={t('password.submit')} savingLabel={t('form.saving')} />
          <FormStatus id="password-status" status={status} />
        </div>
      </form>
    </ProfileSection>
  );
}
