/**
 * A media library list loaded page by page in the browser (the page renders the loading state on the
 * server): the items so far, the total, whether the section is filled at all, "Show more", retry,
 * and a local removal after an archive or restore.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ListPage<T> {
  items: T[];
  total: number;
  hasMore: boolean;
  available: boolean;
}

export type PagedList<T> =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown; retry: () => void }
  | {
      state: 'ready';
      items: T[];
      total: number;
      hasMore: boolean;
      available: boolean;
      loadingMore: boolean;
      moreError: unknown;
      loadMore: () => void;
      remove: (match: (item: T) => boolean) => void;
    };

export function usePagedList<T>(load: (offset: number) => Promise<ListPage<T>>, key: string): PagedList<T> {
  const [page, setPage] = useState<ListPage<T> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key or a retry loads the first page again.
  useEffect(() => {
    let live = true;
    setPage(null);
    setError(null);
    loadRef.current(0).then(
      (first) => live && setPage(first),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const loadMore = useCallback(() => {
    if (!page) return;
    setLoadingMore(true);
    setMoreError(null);
    loadRef.current(page.items.length).then(
      (next) => {
        setPage((current) => (current ? { ...next, items: [...current.items, ...next.items] } : next));
        setLoadingMore(false);
      },
      (failure: unknown) => {
        setMoreError(failure);
        setLoadingMore(false);
      },
    );
  }, [page]);

  const remove = useCallback((match: (item: T) => boolean) => {
    setPage((current) =>
      current
        ? {
            ...current,
            items: current.items.filter((item) => !match(item)),
            total: Math.max(0, current.total - 1),
          }
        : current,
    );
  }, []);

  if (error) return { state: 'failed', error, retry: () => setAttempt((n) => n + 1) };
  if (!page) return { state: 'loading' };
  return { state: 'ready', ...page, loadingMore, moreError, loadMore, remove };
}
