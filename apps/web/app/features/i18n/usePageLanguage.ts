import type { Language } from '@vela/contracts/common';
import { useLocation, useRouteLoaderData } from 'react-router';
import { FALLBACK_LANGUAGE, isLanguage, languageOfPath } from './language.ts';

/**
 * The language of the current page: the root loader's `lang`, else the first path segment, else en.
 * Usable in error boundaries, where a page's own loader data is missing.
 */
export function usePageLanguage(): Language {
  const root = useRouteLoaderData('root') as { lang?: unknown } | undefined;
  const { pathname } = useLocation();
  if (isLanguage(root?.lang)) return root.lang;
  return languageOfPath(pathname) ?? FALLBACK_LANGUAGE;
}
