/**
 * Recent global search requests (spec 5): stored only if at least 3 characters and not present;
 * the list keeps 3, newest first. Storing them needs functional cookie consent (spec 9).
 */
export const SEARCH_MIN_LENGTH = 3;
export const RECENT_SEARCHES_LIMIT = 3;

export function normalizeSearchPattern(pattern: string): string {
  return pattern.trim().replace(/\s+/g, ' ');
}

export function isSearchable(pattern: string): boolean {
  return normalizeSearchPattern(pattern).length >= SEARCH_MIN_LENGTH;
}

export function addRecentSearch(list: readonly string[], pattern: string): readonly string[] {
  const value = normalizeSearchPattern(pattern);
  if (value.length < SEARCH_MIN_LENGTH) return list;
  if (list.includes(value)) return list;
  return [value, ...list].slice(0, RECENT_SEARCHES_LIMIT);
}

/** Reads a stored list defensively: anything unexpected yields an empty list. */
export function parseRecentSearches(raw: string | null): readonly string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter((v): v is string => typeof v === 'string' && v.length >= SEARCH_MIN_LENGTH)
      .slice(0, RECENT_SEARCHES_LIMIT);
  } catch {
    return [];
  }
}

/** Spec 5: a result is ignored when its pattern differs from the latest requested one. */
export function isLatestSearch(resultPattern: string, latestPattern: string): boolean {
  return normalizeSearchPattern(resultPattern) === normalizeSearchPattern(latestPattern);
}
