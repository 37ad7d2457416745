import type { Language } from '@vela/contracts/common';
import { liveInteractionMessages } from '@vela/i18n/messages/live-interaction';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type InteractionT = Translate<keyof (typeof liveInteractionMessages)['en']>;

/** The in-session interaction texts (issue 18) for a language. */
export function useInteractionT(lang: Language): InteractionT {
  return useMemo(() => translator(liveInteractionMessages, lang), [lang]);
}
