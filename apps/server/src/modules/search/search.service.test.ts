import { describe, expect, it } from 'vitest';
import type { Found, SearchRepository } from './search.repository.ts';
import { createSearchService, SEARCH_CACHE_TTL_MS } from './search.service.ts';

/** A repository whose every group is empty and that counts the queries it answers. */
function countingRepo() {
  const calls = { groups: 0, suggestions: 0, popularTags: 0 };
  const none = async (): Promise<Found<never>> => {
    calls.groups++;
    return { rows: [], total: 0 };
  };
  const repo = {
    actors: none,
    models: none,
    videos: none,
    albums: none,
    tv: none,
    mediathek: none,
    blog: none,
    popularPatterns: async () => {
      calls.suggestions++;
      return [];
    },
    actorNamesStartingWith: async () => [],
    tagsMatching: async () => [],
    mostPopularTags: async () => {
      calls.popularTags++;
      return [];
    },
    lastSearches: async () => [],
    storePattern: async () => {},
  } as unknown as SearchRepository;
  return { repo, calls };
}

describe('search cache per query 5 minutes (spec 9)', () => {
  it('a second identical query within 5 minutes does not hit the database; after 5 minutes it does', async () => {
    let now = 1_000_000;
    const { repo, calls } = countingRepo();
    const search = createSearchService(repo, { clock: { now: () => now } });
    await search.search('en', 'anna', null);
    const perQuery = calls.groups;
    expect(perQuery).toBe(9);
    now += SEARCH_CACHE_TTL_MS - 1;
    await search.search('en', '  ANNA ', null);
    expect(calls.groups).toBe(perQuery);
    now += 2;
    await search.search('en', 'anna', null);
    expect(calls.groups).toBe(2 * perQuery);
  });

  it('the cache key holds language, group and offset', async () => {
    const { repo, calls } = countingRepo();
    const search = createSearchService(repo, { clock: { now: () => 0 } });
    await search.search('en', 'anna', null);
    await search.search('de', 'anna', null);
    expect(calls.groups).toBe(18);
    await search.searchGroup('en', 'anna', 'videos', 30, null);
    await search.searchGroup('en', 'anna', 'videos', 30, null);
    await search.searchGroup('en', 'anna', 'videos', 60, null);
    expect(calls.groups).toBe(20);
  });

  it('the cache key holds the caller country (spec 6): a result found for one country is never served to another', async () => {
    const { repo, calls } = countingRepo();
    const seen: unknown[] = [];
    const actors = repo.actors;
    (repo as { actors: unknown }).actors = (...args: unknown[]) => {
      seen.push(args[3]);
      return (actors as (...a: unknown[]) => unknown)(...args);
    };
    const search = createSearchService(repo, { clock: { now: () => 0 } });
    await search.search('en', 'anna', 'DE');
    await search.search('en', 'anna', 'DE');
    expect(calls.groups).toBe(9);
    await search.search('en', 'anna', 'AT');
    await search.search('en', 'anna', null);
    expect(calls.groups).toBe(27);
    expect(seen).toEqual(['DE', 'AT', null]);
  });

  it('most popular tags are loaded once per count within 5 minutes', async () => {
    const { repo, calls } = countingRepo();
    const search = createSearchService(repo, { clock: { now: () => 0 } });
    await search.mostPopularTags(5);
    await search.mostPopularTags(5);
    expect(calls.popularTags).toBe(1);
    await search.mostPopularTags(6);
    expect(calls.popularTags).toBe(2);
  });

  it('the searched pattern is echoed as typed (trimmed) while the cached groups are shared', async () => {
    const { repo } = countingRepo();
    const search = createSearchService(repo, { clock: { now: () => 0 } });
    expect((await search.search('en', 'Anna', null)).searchPattern).toBe('Anna');
    const second = await search.search('en', ' aNNa ', null);
    expect(second.searchPattern).toBe('aNNa');
    expect(second.actors.link).toBe('/en/search/videos/aNNa/');
  });
});
