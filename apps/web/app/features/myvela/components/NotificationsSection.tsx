/** Notification settings (`guest/getNotificationsSettings` GET in the profile, POST to save). */
import {
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettingKey,
  type NotificationSettings,
} from '@vela/contracts/guest-api';
import { type FormEvent, useState } from 'react';
import { saveNotificationSettings } from '../api/guestApi.ts';
import { errorCodeOf, errorText } from '../errors.ts';
import type { MyVelaT } from '../hooks/useMyVelaT.ts';
import { FormStatus, type StatusMessage } from './FormStatus.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SaveButton } from './SaveButton.tsx';

interface NotificationsSectionProps {
  t: MyVelaT;
  initial: NotificationSettings;
  onSaved: (settings: NotificationSettings) => void;
}

const fieldId = (key: NotificationSettingKey) => `notifications-${key}`;

export function NotificationsSection({ t, initial, onSaved }: NotificationsSectionProps) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      const saved = await saveNotificationSettings(values);
      setValues(saved);
      onSaved(saved);
      setStatus({ kind: 'success', text: t('notifications.saved') });
    } catch (error) {
      setStatus({ kind: 'error', text: errorText(t, errorCodeOf(error)) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection id="notifications" title={t('notifications.title')} intro={t('notifications.intro')}>
      <form className="myvela-form" onSubmit={onSubmit} aria-describedby="notifications-status" noValidate>
        <fieldset className="myvela-fieldset">
          <legend className="visually-hidden">{t('notifications.title')}</legend>
          {NOTIFICATION_SETTING_KEYS.map((key) => (
            <div className="myvela-check" key={key}>
              <input
                id={fieldId(key)}
                type="checkbox"
                name={key}
                checked={values[key]}
                onChange={(e) => setValues({ ...values, [key]: e.target.checked })}
              />
              <label htmlFor={fieldId(key)}>{t(`notifications.${key}`)}</label>
            </div>
          ))}
        </fieldset>
        <div className="myvela-form__footer">
          <SaveButton saving={saving} label={t('form.save')} savingLabel={t('form.saving')} />
          <FormStatus id="notifications-status" status={status} />
        </div>
      </form>
    </ProfileSection>
  );
}
