import type { ImageRef, Language } from '@vela/contracts/common';
import type { WebLoadContext } from '@vela/contracts/pages';
import { pagesMessages } from '@vela/i18n/messages/pages';
import { translator } from '@vela/i18n/translate';
import type { Alternates } from '../i18n/alternates.ts';
import { buildHead, documentTitle, type PageHead } from './head.ts';

interface PageHeadInput {
  lang: Language;
  /** SEO title of the content (used as is when set). */
  seoTitle?: string | null;
  /** Localized title used with the brand when there is no SEO title. */
  fallbackTitle: string;
  seoDescription?: string | null;
  fallbackDescription: string;
  alternates: Alternates;
  ogType?: PageHead['ogType'];
  image?: ImageRef | null;
  noindex?: boolean;
}

/** Head of a page from a loader: applies the title/description fallbacks and the public origin. */
export function pageHead(config: WebLoadContext['config'], input: PageHeadInput): PageHead {
  const t = translator(pagesMessages, input.lang);
  return buildHead({
    lang: input.lang,
    title: documentTitle(
      input.seoTitle,
      t('meta.title', { title: input.fallbackTitle, brand: config.brandName }),
    ),
    description: documentTitle(input.seoDescription, input.fallbackDescription),
    path: input.alternates[input.lang],
    alternates: input.alternates,
    publicOrigin: config.publicOrigin,
    siteName: config.brandName,
    ogType: input.ogType,
    image: input.image,
    noindex: input.noindex,
  });
}
