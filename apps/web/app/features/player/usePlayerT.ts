import type { Language } from '@vela/contracts/common';
import { type PlayerMessageKey, playerMessages } from '@vela/i18n/messages/player';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type PlayerT = Translate<PlayerMessageKey>;

/** The player modal's messages in a language. */
export function usePlayerT(lang: Language): PlayerT {
  return useMemo(() => translator(playerMessages, lang), [lang]);
}
