import type { Language } from '@vela/contracts/common';
import { liveChatMessages } from '@vela/i18n/messages/live-chat';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type LiveChatT = Translate<keyof (typeof liveChatMessages)['en']>;

/** The live chat page's translator for a language. */
export function useLiveChatT(lang: Language): LiveChatT {
  return useMemo(() => translator(liveChatMessages, lang), [lang]);
}
