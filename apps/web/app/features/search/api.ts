/** Global search requests (`GET /rest/v1/searchResult/search/{language}/{searchPattern}`, spec 7). */
import type { Language } from '@vela/contracts/common';
import {
  SEARCH_GROUP_TYPES,
  SEARCH_PAGE_SIZES,
  type SearchGroup,
  type SearchGroupType,
  type SearchResult,
} from '@vela/contracts/search';
import { RestError } from '../api/rest.ts';

export function searchUrl(lang: Language, pattern: string): string {
  return `/rest/v1/searchResult/search/${lang}/${encodeURIComponent(pattern)}`;
}

function emptyGroup<T extends SearchGroupType>(type: T): SearchGroup<T> {
  return {
    type,
    count: 0,
    countCapped: false,
    link: '',
    offset: 0,
    pageSize: SEARCH_PAGE_SIZES[type],
    items: [],
  };
}

/** Reads a result defensively: a group the answer lacks is empty; a body that is no result throws. */
export function toSearchResult(body: unknown): SearchResult {
  const data = (body as { success?: unknown; data?: unknown } | null)?.data as
    | Record<string, unknown>
    | undefined;
  if (
    (body as { success?: unknown } | null)?.success !== true ||
    !data ||
    typeof data.searchPattern !== 'string'
  ) {
    throw new RestError('INVALID_RESPONSE', 'Unexpected answer', 200);
  }
  const result = { searchPattern: data.searchPattern, proposals: [] as string[] } as SearchResult;
  if (Array.isArray(data.proposals)) result.proposals = data.proposals.filter((p) => typeof p === 'string');
  for (const type of SEARCH_GROUP_TYPES) {
    const group = data[type] as Partial<SearchGroup<typeof type>> | undefined;
    const base = emptyGroup(type);
    (result as unknown as Record<string, SearchGroup<SearchGroupType>>)[type] =
      group && Array.isArray(group.items)
        ? {
            ...base,
            ...group,
            type,
            count: typeof group.count === 'number' ? group.count : group.items.length,
          }
        : base;
  }
  return result;
}

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // No JSON: handled as an error below.
  }
  if (!response.ok) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    throw new RestError(
      typeof error?.code === 'string' ? error.code : 'UNKNOWN',
      typeof error?.message === 'string' ? error.message : response.statusText,
      response.status,
    );
  }
  return body;
}

/** Every group's first page. Aborted requests reject with the abort error. */
export async function fetchSearch(
  lang: Language,
  pattern: string,
  signal?: AbortSignal,
): Promise<SearchResult> {
  return toSearchResult(await getJson(searchUrl(lang, pattern), signal));
}
