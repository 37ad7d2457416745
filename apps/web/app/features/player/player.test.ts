/**
 * The `?video=<id>` query (issue 17 contract 2) and the remembered volume (spec 9 local storage key
 * "player volume" = playerVolume).
 */
import { PLAYER_VOLUME_STORAGE_KEY } from '@vela/contracts/playback';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRecommendations } from './api.ts';
import { searchWithVideo, videoIdOfSearch } from './videoQuery.ts';
import { readPlayerVolume, writePlayerVolume } from './volume.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('video query (contract 2)', () => {
  it('reads a positive id and nothing else', () => {
    expect(videoIdOfSearch('?video=42')).toBe(42);
    expect(videoIdOfSearch('?sort=newest&video=7')).toBe(7);
    for (const bad of [
      '',
      '?video=',
      '?video=0',
      '?video=-3',
      '?video=1.5',
      '?video=abc',
      '?video=2147483648',
      '?video=01',
    ])
      expect(videoIdOfSearch(bad)).toBeNull();
    expect(videoIdOfSearch('?video=2147483647')).toBe(2147483647);
  });

  it('sets or removes video and keeps the other parameters', () => {
    expect(searchWithVideo('?sort=newest', 5)).toBe('?sort=newest&video=5');
    expect(searchWithVideo('?sort=newest&video=5', 6)).toBe('?sort=newest&video=6');
    expect(searchWithVideo('?sort=newest&video=5', null)).toBe('?sort=newest');
    expect(searchWithVideo('?video=5', null)).toBe('');
  });
});

describe('player volume (spec 9 local storage key "player volume")', () => {
  it('is stored under playerVolume as a number 0..1', () => {
    expect(PLAYER_VOLUME_STORAGE_KEY).toBe('playerVolume');
    const storage = memoryStorage();
    writePlayerVolume(storage, 0.35);
    expect(storage.items.get('playerVolume')).toBe('0.35');
    expect(readPlayerVolume(storage)).toBe(0.35);
    writePlayerVolume(storage, 3);
    expect(readPlayerVolume(storage)).toBe(1);
  });

  it('reads a missing, malformed or out-of-range value, or blocked storage, as none', () => {
    expect(readPlayerVolume(memoryStorage())).toBeNull();
    for (const raw of ['', 'loud', '-0.1', '1.5', 'NaN'])
      expect(readPlayerVolume(memoryStorage({ playerVolume: raw }))).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readPlayerVolume(blocked)).toBeNull();
    expect(() => writePlayerVolume(blocked, 0.5)).not.toThrow();
  });
});

describe('video recommendations (spec 3 fromSameActor, fromDifferentActor) from the query language', () => {
  afterEach(() => vi.unstubAllGlobals());
  const video = {
    id: 6,
    title: 'Clip 6',
    duration: 90,
    ageRating: 16,
    preview: { key: 'videos/6.jpg', ageRating: 16, aspect: 1.78 },
    actor: { id: 9, name: 'Honey Jules', slug: 'honeyjules' },
  };

  it('asks videoRecommendations for the performer without the video and reads the tiles it answers', async () => {
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      const answer = { data: { videoRecommendations: { fromSameActor: [video], fromDifferentActor: [] } } };
      return new Response(JSON.stringify(answer), { status: 200 });
    });
    expect(await loadRecommendations(9, 5, 'de')).toEqual({ fromSameActor: [video], fromDifferentActor: [] });
    expect(calls[0]?.[0]).toBe('/graphql?lang=de');
    const body = JSON.parse(String(calls[0]?.[1].body)) as { query: string; variables: unknown };
    expect(body.variables).toEqual({ a: 9, v: 5 });
    expect(body.query).toContain('videoRecommendations(actorId: $a, videoId: $v)');
  });

  it('an error answer (unknown or blocked performer) is a failure, not an empty list', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            data: null,
            errors: [{ message: 'blocked', extensions: { code: 'ACTOR_BLOCKED_IN_COUNTRY' } }],
          }),
          {
            status: 200,
          },
        ),
    );
    await expect(loadRecommendations(9, 5, 'en')).rejects.toThrow();
  });
});
