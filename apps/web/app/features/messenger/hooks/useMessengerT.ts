import type { Language } from '@vela/contracts/common';
import { messengerMessages } from '@vela/i18n/messages/messenger';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type MessengerT = Translate<keyof (typeof messengerMessages)['en']>;

/** The messenger's texts (page and navbar list) in a language. */
export function useMessengerT(lang: Language): MessengerT {
  return useMemo(() => translator(messengerMessages, lang), [lang]);
}

const PRESET_KEYS = {
  soft: 'presetSoft',
  medium: 'presetMedium',
  strong: 'presetStrong',
  max: 'presetMax',
} as const;

/** A toy preset's name (a toy message's text is its preset); an unknown one as it came. */
export function presetLabel(t: MessengerT, preset: string): string {
  return Object.hasOwn(PRESET_KEYS, preset) ? t(PRESET_KEYS[preset as keyof typeof PRESET_KEYS]) : preset;
}

/** A RestError code as a sentence a person can act on. */
export function errorText(t: MessengerT, code: string): string {
  const key = `error${code}` as Parameters<MessengerT>[0];
  try {
    return code === 'UNKNOWN' ? t('errorOther') : t(key);
  } catch {
    return t('errorOther');
  }
}
