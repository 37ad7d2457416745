import type { Language } from '@vela/contracts/common';
import { pagesMessages } from '@vela/i18n/messages/pages';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type PagesT = Translate<keyof (typeof pagesMessages)['en']>;

/** The page-message translator for a language. */
export function usePagesT(lang: Language): PagesT {
  return useMemo(() => translator(pagesMessages, lang), [lang]);
}
