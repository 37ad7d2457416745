import type { Language } from '@vela/contracts/common';
import { favoritesMessages } from '@vela/i18n/messages/favorites';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type FavoritesT = Translate<keyof (typeof favoritesMessages)['en']>;

/** The favorites' page texts (pin buttons, favorite cams, home block) in a language. */
export function useFavoritesT(lang: Language): FavoritesT {
  return useMemo(() => translator(favoritesMessages, lang), [lang]);
}
