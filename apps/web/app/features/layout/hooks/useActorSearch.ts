/**
 * Debounced actor search for the search menu. Patterns under 3 characters are not sent (spec 5);
 * a response whose pattern is no longer the latest requested one is ignored (spec 5).
 */
import type { Language } from '@vela/contracts/common';
import { isLatestSearch, isSearchable, normalizeSearchPattern } from '@vela/domain/recent-searches';
import { useEffect, useRef, useState } from 'react';
import { type SearchResult, searchActors } from '../api/searchActors.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export type SearchStatus =
  | { kind: 'idle' }
  | { kind: 'too-short' }
  | { kind: 'loading'; pattern: string }
  | { kind: 'done'; pattern: string; result: SearchResult }
  | { kind: 'error'; pattern: string };

export function useActorSearch(lang: Language, input: string): SearchStatus {
  const [status, setStatus] = useState<SearchStatus>({ kind: 'idle' });
  const latest = useRef('');

  useEffect(() => {
    const pattern = normalizeSearchPattern(input);
    latest.current = pattern;
    if (pattern.length === 0) {
      setStatus({ kind: 'idle' });
      return;
    }
    if (!isSearchable(pattern)) {
      setStatus({ kind: 'too-short' });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setStatus({ kind: 'loading', pattern });
      searchActors(lang, pattern, controller.signal).then(
        (result) => {
          if (!isLatestSearch(pattern, latest.current)) return;
          setStatus({ kind: 'done', pattern, result });
        },
        () => {
          if (controller.signal.aborted || !isLatestSearch(pattern, latest.current)) return;
          setStatus({ kind: 'error', pattern });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [lang, input]);

  return status;
}
