import { actorMessages } from '@vela/i18n/messages/actor';
import { pagesMessages } from '@vela/i18n/messages/pages';
import { translator } from '@vela/i18n/translate';
import { isRouteErrorResponse } from 'react-router';
import { FALLBACK_LANGUAGE, isLanguage } from '../i18n/language.ts';
import { errorMeta } from '../seo/errorMeta.ts';
import { BLOCKED_STATUS } from './actorPage.ts';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** Meta of a failed profile tab: the localized "not available in your country" title for 451, else errorMeta. */
export function actorErrorMeta(matches: readonly (MatchLike | undefined)[], error: unknown) {
  if (!(isRouteErrorResponse(error) && error.status === BLOCKED_STATUS)) return errorMeta(matches, error);
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    | { lang?: unknown; brandName?: unknown }
    | undefined;
  const lang = isLanguage(root?.lang) ? root.lang : FALLBACK_LANGUAGE;
  const title = translator(actorMessages, lang)('blocked.title');
  const brand = typeof root?.brandName === 'string' ? root.brandName : null;
  return [
    { title: brand ? translator(pagesMessages, lang)('meta.title', { title, brand }) : title },
    { name: 'robots', content: 'noindex' },
  ];
}
