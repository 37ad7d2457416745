import type { Language } from '@vela/contracts/common';
import { performersMessages } from '@vela/i18n/messages/performers';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type PerformersT = Translate<keyof (typeof performersMessages)['en']>;

/** The performer-lists translator for a language. */
export function usePerformersT(lang: Language): PerformersT {
  return useMemo(() => translator(performersMessages, lang), [lang]);
}
