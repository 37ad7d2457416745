/** Preferences (`guest/savePreferences` POST `{ data }`): language, autoplay previews, online first. */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import type { Preferences } from '@vela/contracts/guest-api';
import { type FormEvent, useState } from 'react';
import { savePreferences } from '../api/guestApi.ts';
import { errorCodeOf, errorText } from '../errors.ts';
import type { MyVelaT } from '../hooks/useMyVelaT.ts';
import { FormStatus, type StatusMessage } from './FormStatus.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SaveButton } from './SaveButton.tsx';

interface PreferencesSectionProps {
  t: MyVelaT;
  initial: Required<Preferences>;
  onSaved: (preferences: Required<Preferences>) => void;
}

export function PreferencesSection({ t, initial, onSaved }: PreferencesSectionProps) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      await savePreferences(values);
      onSaved(values);
      setStatus({ kind: 'success', text: t('prefs.saved') });
    } catch (error) {
      setStatus({ kind: 'error', text: errorText(t, errorCodeOf(error)) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection id="preferences" title={t('prefs.title')}>
      <form className="myvela-form" onSubmit={onSubmit} aria-describedby="preferences-status" noValidate>
        <div className="myvela-field">
          <label htmlFor="preferences-language">{t('prefs.language')}</label>
          <select
            id="preferences-language"
            name="language"
            value={values.language}
            onChange={(e) => setValues({ ...values, language: e.target.value as Language })}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`lang.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="myvela-check">
          <input
            id="preferences-autoplay"
            type="checkbox"
            name="autoplayPreviews"
            checked={values.autoplayPreviews}
            onChange={(e) => setValues({ ...values, autoplayPreviews: e.target.checked })}
          />
          <label htmlFor="preferences-autoplay">{t('prefs.autoplayPreviews')}</label>
        </div>
        <div className="myvela-check">
          <input
            id="preferences-online-first"
            type="checkbox"
            name="onlineFirst"
            checked={values.onlineFirst}
            onChange={(e) => setValues({ ...values, onlineFirst: e.target.checked })}
          />
          <label htmlFor="preferences-online-first">{t('prefs.onlineFirst')}</label>
        </div>
        <div className="myvela-form__footer">
          <SaveButton saving={saving} label={t('form.save')} savingLabel={t('form.saving')} />
          <FormStatus id="preferences-status" status={status} />
        </div>
      </form>
    </ProfileSection>
  );
}
