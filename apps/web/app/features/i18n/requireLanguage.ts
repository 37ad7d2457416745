import type { Language } from '@vela/contracts/common';
import { data } from 'react-router';
import { isLanguage, languageOfPath } from './language.ts';

/**
 * The language of a matched page from its URL. Route patterns start with a literal language, so
 * this only fails for a request that reached the route some other way: answer 404, never guess.
 */
export function requireLanguage(request: Request): Language {
  const lang = languageOfPath(new URL(request.url).pathname);
  if (!isLanguage(lang)) throw data(null, { status: 404 });
  return lang;
}
