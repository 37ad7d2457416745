import type { Language } from '@vela/contracts/common';
import { pathFor, type RouteName, type RouteParams } from '@vela/i18n/routes';
import { LANGUAGES } from './language.ts';

/** URL path of the same page in every language (used by the language switcher and hreflang). */
export type Alternates = Record<Language, string>;

/**
 * Alternates of a named route. `paramsFor` gives the params in each language (e.g. the category slug
 * translated per language); `search` (e.g. `?page=2`) is kept on every alternate.
 */
export function alternatesFor(
  name: RouteName,
  paramsFor: (lang: Language) => RouteParams = () => ({}),
  search = '',
): Alternates {
  const entries = LANGUAGES.map(
    (lang) => [lang, `${pathFor(name, lang, paramsFor(lang))}${search}`] as const,
  );
  return Object.fromEntries(entries) as Alternates;
}

/** Alternates of a page that has no counterpart (the 404 page): each language's home. */
export function homeAlternates(): Alternates {
  return alternatesFor('Home');
}

/** Reads `alternates` from a route's loader data, if it has them. */
export function alternatesOf(data: unknown): Alternates | null {
  if (typeof data !== 'object' || data === null || !('alternates' in data)) return null;
  const value = (data as { alternates: unknown }).alternates;
  if (typeof value !== 'object' || value === null) return null;
  return LANGUAGES.every((l) => typeof (value as Record<string, unknown>)[l] === 'string')
    ? (value as Alternates)
    : null;
}
