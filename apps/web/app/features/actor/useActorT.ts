import type { Language } from '@vela/contracts/common';
import { actorMessages } from '@vela/i18n/messages/actor';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type ActorT = Translate<keyof (typeof actorMessages)['en']>;

/** The actor-profile message translator for a language. */
export function useActorT(lang: Language): ActorT {
  return useMemo(() => translator(actorMessages, lang), [lang]);
}
