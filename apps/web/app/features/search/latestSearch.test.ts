import { describe, expect, it } from 'vitest';
import { createLatestSearch, type SearchState } from './latestSearch.ts';

/** A fetcher whose answers the test releases in any order (ignoring aborts, like a slow server). */
function heldFetcher() {
  const pending = new Map<string, { resolve(v: string): void; reject(e: Error): void }>();
  const fetcher = (pattern: string) =>
    new Promise<string>((resolve, reject) => {
      pending.set(pattern, { resolve, reject });
    });
  return { fetcher, pending };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('results are ignored if the pattern differs from the latest requested (spec 5)', () => {
  it('a slow older answer arriving after a newer one is not shown', async () => {
    const { fetcher, pending } = heldFetcher();
    const states: SearchState<string>[] = [];
    const search = createLatestSearch(fetcher, (s) => states.push(s));
    search.request('ann');
    search.request('anna');
    pending.get('anna')!.resolve('result for anna');
    await flush();
    pending.get('ann')!.resolve('result for ann');
    await flush();
    expect(states.at(-1)).toEqual({ kind: 'done', pattern: 'anna', result: 'result for anna' });
    expect(states.some((s) => s.kind === 'done' && s.pattern === 'ann')).toBe(false);
  });

  it('an older failure after a newer request does not show an error', async () => {
    const { fetcher, pending } = heldFetcher();
    const states: SearchState<string>[] = [];
    const search = createLatestSearch(fetcher, (s) => states.push(s));
    search.request('old');
    search.request('new');
    pending.get('old')!.reject(new Error('boom'));
    await flush();
    expect(states.at(-1)).toEqual({ kind: 'loading', pattern: 'new' });
    pending.get('new')!.reject(new Error('boom'));
    await flush();
    expect(states.at(-1)).toEqual({ kind: 'error', pattern: 'new' });
  });

  it('an answer arriving after the field went too short is ignored', async () => {
    const { fetcher, pending } = heldFetcher();
    const states: SearchState<string>[] = [];
    const search = createLatestSearch(fetcher, (s) => states.push(s));
    search.request('anna');
    search.reset({ kind: 'too-short' });
    pending.get('anna')!.resolve('late');
    await flush();
    expect(states.at(-1)).toEqual({ kind: 'too-short' });
  });

  it('each request aborts the one before it', () => {
    const signals: AbortSignal[] = [];
    const search = createLatestSearch(
      (_p, signal) => {
        signals.push(signal);
        return new Promise<string>(() => {});
      },
      () => {},
    );
    search.request('one');
    search.request('two');
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    search.dispose();
    expect(signals[1]!.aborted).toBe(true);
  });
});
