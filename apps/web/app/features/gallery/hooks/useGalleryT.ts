import type { Language } from '@vela/contracts/common';
import { galleryMessages } from '@vela/i18n/messages/gallery';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type GalleryT = Translate<keyof (typeof galleryMessages)['en']>;

/** The album page's translator for a language. */
export function useGalleryT(lang: Language): GalleryT {
  return useMemo(() => translator(galleryMessages, lang), [lang]);
}
