import { pagesMessages } from '@vela/i18n/messages/pages';
import { translator } from '@vela/i18n/translate';
import { isRouteErrorResponse } from 'react-router';
import { FALLBACK_LANGUAGE, isLanguage } from '../i18n/language.ts';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/**
 * Meta of a page whose loader failed: the localized "not found" (404) or error title with the brand,
 * never indexed. Language and brand come from the root loader's data.
 */
export function errorMeta(matches: readonly (MatchLike | undefined)[], error: unknown) {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    | { lang?: unknown; brandName?: unknown }
    | undefined;
  const lang = isLanguage(root?.lang) ? root.lang : FALLBACK_LANGUAGE;
  const t = translator(pagesMessages, lang);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound || error === undefined ? t('notFound.title') : t('error.title');
  const brand = typeof root?.brandName === 'string' ? root.brandName : null;
  return [
    { title: brand ? t('meta.title', { title, brand }) : title },
    { name: 'robots', content: 'noindex' },
  ];
}
