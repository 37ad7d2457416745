/**
 * Recent global search requests in local storage (spec 5 rules in packages/domain), kept only
 * with functional cookie consent (spec 9); without it nothing is read or written.
 */
import { addRecentSearch, parseRecentSearches } from '@vela/domain/recent-searches';
import { useCallback, useEffect, useState } from 'react';
import { RECENT_SEARCHES_STORAGE_KEY } from '../../consent/consent.ts';
import { useConsent } from '../../consent/state/ConsentProvider.tsx';

function read(): readonly string[] {
  try {
    return parseRecentSearches(window.localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY));
  } catch {
    return [];
  }
}

export function useRecentSearches(): { recent: readonly string[]; remember(pattern: string): void } {
  const { functional } = useConsent();
  const [recent, setRecent] = useState<readonly string[]>([]);

  useEffect(() => {
    setRecent(functional ? read() : []);
  }, [functional]);

  const remember = useCallback(
    (pattern: string) => {
      if (!functional) return;
      const next = addRecentSearch(read(), pattern);
      try {
        window.localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage unavailable: keep the list for this page only.
      }
      setRecent(next);
    },
    [functional],
  );

  return { recent, remember };
}
