import type { Language } from '@vela/contracts/common';
import { prosearchMessages } from '@vela/i18n/messages/prosearch';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type ProSearchT = Translate<keyof (typeof prosearchMessages)['en']>;

/** The pro search page's translator for a language. */
export function useProSearchT(lang: Language): ProSearchT {
  return useMemo(() => translator(prosearchMessages, lang), [lang]);
}
