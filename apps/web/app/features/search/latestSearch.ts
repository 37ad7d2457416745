/**
 * Spec 5: results are ignored when their pattern is no longer the latest requested one. One runner
 * per search field: every request aborts the one before, and an answer that still arrives for an
 * older pattern (a slow server, a request that could not be aborted) is dropped.
 */
import { isLatestSearch } from '@vela/domain/recent-searches';

export type SearchState<R> =
  | { kind: 'idle' }
  | { kind: 'too-short' }
  | { kind: 'loading'; pattern: string }
  | { kind: 'done'; pattern: string; result: R }
  | { kind: 'error'; pattern: string };

export interface LatestSearch {
  /** Starts a search for `pattern`; older answers are ignored from now on. */
  request(pattern: string): void;
  /** Forgets the current search (the field went idle or too short). */
  reset(state: SearchState<never>): void;
  /** Stops for good (the field unmounted). */
  dispose(): void;
}

export function createLatestSearch<R>(
  fetcher: (pattern: string, signal: AbortSignal) => Promise<R>,
  onState: (state: SearchState<R>) => void,
): LatestSearch {
  let latest: string | null = null;
  let controller: AbortController | null = null;
  let disposed = false;

  const isCurrent = (pattern: string) => !disposed && latest !== null && isLatestSearch(pattern, latest);

  return {
    request(pattern) {
      controller?.abort();
      const own = new AbortController();
      controller = own;
      latest = pattern;
      onState({ kind: 'loading', pattern });
      fetcher(pattern, own.signal).then(
        (result) => {
          if (own.signal.aborted || !isCurrent(pattern)) return;
          onState({ kind: 'done', pattern, result });
        },
        () => {
          if (own.signal.aborted || !isCurrent(pattern)) return;
          onState({ kind: 'error', pattern });
        },
      );
    },
    reset(state) {
      controller?.abort();
      controller = null;
      latest = null;
      onState(state);
    },
    dispose() {
      disposed = true;
      controller?.abort();
    },
  };
}
