/** Notification settings (`guest/getNotificationsSettings` GET in the profile, POST to save). */
import {
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettingKey,
  type NotificationSettings,
} from '@vela/contracts/guest-api';
import { useState } from 'react';
import { saveNotificationSettings } from '../api/guestApi.ts';
import type { MyVelaT } from '../hooks/useMyVelaT.ts';
import { useSaveForm } from '../hooks/useSaveForm.ts';
import { ProfileSection } from './ProfileSection.tsx';
import { SaveFooter } from './SaveFooter.tsx';

interface NotificationsSectionProps {
  t: MyVelaT;
  initial: NotificationSettings;
  onSaved: (settings: NotificationSettings) => void;
}

const fieldId = (key: NotificationSettingKey) => `notifications-${key}`;

export function NotificationsSection({ t, initial, onSaved }: NotificationsSectionProps) {
  const [values, setValues] = useState(initial);
  const { saving, status, onSubmit } = useSaveForm(t, async () => {
    const saved = await saveNotificationSettings(values);
    setValues(saved);
    onSaved(saved);
    return t('notifications.saved');
  });

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
        <SaveFooter t={t} saving={saving} status={status} statusId="notifications-status" />
      </form>
    </ProfileSection>
  );
}
