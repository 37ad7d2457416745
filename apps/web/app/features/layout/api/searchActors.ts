/** Global search, actors group (`GET /rest/v1/searchResult/search/{language}/{searchPattern}`, spec 7). */
import type { Language } from '@vela/contracts/common';
import type { SearchResultResponse } from '@vela/contracts/search';

export type SearchResult = SearchResultResponse['data'];

export class SearchRequestError extends Error {
  constructor(readonly status: number) {
    super(`Search request failed with status ${status}`);
    this.name = 'SearchRequestError';
  }
}

export function searchUrl(lang: Language, pattern: string): string {
  return `/rest/v1/searchResult/search/${lang}/${encodeURIComponent(pattern)}`;
}

function isSearchResult(body: unknown): body is SearchResultResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { success, data } = body as {
    success?: unknown;
    data?: { searchPattern?: unknown; actors?: unknown };
  };
  if (success !== true || typeof data !== 'object' || data === null) return false;
  const actors = data.actors as { items?: unknown } | undefined;
  return typeof data.searchPattern === 'string' && Array.isArray(actors?.items);
}

/** Spec 8: a non-OK response is an error. Aborted requests reject with the abort error. */
export async function searchActors(
  lang: Language,
  pattern: string,
  signal: AbortSignal,
): Promise<SearchResult> {
  const response = await fetch(searchUrl(lang, pattern), { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new SearchRequestError(response.status);
  const body: unknown = await response.json();
  if (!isSearchResult(body)) throw new SearchRequestError(response.status);
  return body.data;
}
