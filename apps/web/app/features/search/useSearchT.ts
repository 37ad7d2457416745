import type { Language } from '@vela/contracts/common';
import { searchMessages } from '@vela/i18n/messages/search';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type SearchT = Translate<keyof (typeof searchMessages)['en']>;

/** The search messages in a language. */
export function useSearchT(lang: Language): SearchT {
  return useMemo(() => translator(searchMessages, lang), [lang]);
}

/** "1.234" or "1.000+" in every language (spec 9: dot thousands, a plus sign beyond the cap). */
export function formatGroupCount(t: SearchT, group: { count: number; countCapped: boolean }): string {
  return group.countCapped ? t('countCapped', { count: group.count }) : t('count', { count: group.count });
}
