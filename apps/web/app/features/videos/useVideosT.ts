import type { Language } from '@vela/contracts/common';
import { videosMessages } from '@vela/i18n/messages/videos';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type VideosT = Translate<keyof (typeof videosMessages)['en']>;

/** The /videos/ pages' translator for a language. */
export function useVideosT(lang: Language): VideosT {
  return useMemo(() => translator(videosMessages, lang), [lang]);
}
