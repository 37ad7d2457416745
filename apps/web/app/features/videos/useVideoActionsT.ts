import type { Language } from '@vela/contracts/common';
import { videoActionsMessages } from '@vela/i18n/messages/video-actions';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type VideoActionsT = Translate<keyof (typeof videoActionsMessages)['en']>;

/** The translator of the rating buttons and the share form for a language. */
export function useVideoActionsT(lang: Language): VideoActionsT {
  return useMemo(() => translator(videoActionsMessages, lang), [lang]);
}
