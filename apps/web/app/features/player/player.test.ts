/**
 * The `?video=<id>` query (issue 17 contract 2) and the remembered volume (spec 9 local storage key
 * "player volume" = playerVolume).
 */
import { PLAYER_VOLUME_STORAGE_KEY } from '@vela/contracts/playback';
import { describe, expect, it } from 'vitest';
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
