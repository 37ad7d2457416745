/**
 * Search as you type (spec 5): debounced, only from 3 characters, newest pattern wins.
 */
import type { Language } from '@vela/contracts/common';
import type { SearchResult } from '@vela/contracts/search';
import { isSearchable, normalizeSearchPattern } from '@vela/domain/recent-searches';
import { useEffect, useMemo, useState } from 'react';
import { fetchSearch } from './api.ts';
import { createLatestSearch, type SearchState } from './latestSearch.ts';

export const SEARCH_DEBOUNCE_MS = 250;

export function useGlobalSearch(lang: Language, input: string): SearchState<SearchResult> {
  const [state, setState] = useState<SearchState<SearchResult>>({ kind: 'idle' });
  const runner = useMemo(
    () => createLatestSearch((pattern, signal) => fetchSearch(lang, pattern, signal), setState),
    [lang],
  );
  useEffect(() => () => runner.dispose(), [runner]);

  useEffect(() => {
    const pattern = normalizeSearchPattern(input);
    if (pattern.length === 0) {
      runner.reset({ kind: 'idle' });
      return;
    }
    if (!isSearchable(pattern)) {
      runner.reset({ kind: 'too-short' });
      return;
    }
    const timer = window.setTimeout(() => runner.request(pattern), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, runner]);

  return state;
}
