/** Preferences (`guest/savePreferences` POST `{ data }`): language, autoplay previews, online first. */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import type { Preferences } from '@vela/contracts/guest-api';
import { useState } from 'react';
import { savePreferences } from '../api/guestApi.ts';
import type { MyVelaT } from '../hooks/useMyVelaT.ts';
import { useSaveForm } from '../hooks/useSaveForm.ts';
import { ProfileSection } from './ProfileSection.tsx';
import { SaveFooter } from './SaveFooter.tsx';

/** The on/off preferences, in the order shown. */
const CHECKBOXES = [
  { id: 'preferences-autoplay', name: 'autoplayPreviews', label: 'prefs.autoplayPreviews' },
  { id: 'preferences-online-first', name: 'onlineFirst', label: 'prefs.onlineFirst' },
] as const;

interface PreferencesSectionProps {
  t: MyVelaT;
  initial: Required<Preferences>;
  onSaved: (preferences: Required<Preferences>) => void;
}

export function PreferencesSection({ t, initial, onSaved }: PreferencesSectionProps) {
  const [values, setValues] = useState(initial);
  const { saving, status, onSubmit } = useSaveForm(t, async () => {
    await savePreferences(values);
    onSaved(values);
    return t('prefs.saved');
  });

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
        {CHECKBOXES.map((box) => (
          <div key={box.name} className="myvela-check">
            <input
              id={box.id}
              type="checkbox"
              name={box.name}
              checked={values[box.name]}
              onChange={(e) => setValues({ ...values, [box.name]: e.target.checked })}
            />
            <label htmlFor={box.id}>{t(box.label)}</label>
          </div>
        ))}
        <SaveFooter t={t} saving={saving} status={status} statusId="preferences-status" />
      </form>
    </ProfileSection>
  );
}
