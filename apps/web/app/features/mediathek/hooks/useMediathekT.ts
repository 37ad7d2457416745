import type { Language } from '@vela/contracts/common';
import { mediathekMessages } from '@vela/i18n/messages/mediathek';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';
import { RestError } from '../../api/rest.ts';

export type MediathekT = Translate<keyof (typeof mediathekMessages)['en']>;

/** The media library's texts in a language. */
export function useMediathekT(lang: Language): MediathekT {
  return useMemo(() => translator(mediathekMessages, lang), [lang]);
}

/** The refusals the media library explains in words; any other failure reads as UNKNOWN. */
const EXPLAINED = [
  'NETWORK',
  'NOT_LOGGED_IN',
  'NOT_FOUND',
  'FORBIDDEN',
  'CONFLICT',
  'LIMIT_EXCEEDED',
  'VALIDATION_ERROR',
] as const;

/** Words a person can act on for a failed call. */
export function mediathekErrorText(t: MediathekT, error: unknown): string {
  const code = error instanceof RestError ? error.code : 'UNKNOWN';
  const known = (EXPLAINED as readonly string[]).includes(code)
    ? (code as (typeof EXPLAINED)[number])
    : 'UNKNOWN';
  return t(`error.${known}`);
}
