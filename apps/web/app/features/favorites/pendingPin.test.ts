import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../payment-dialog/memoryStorage.ts';
import {
  PENDING_PIN_MAX_AGE_MS,
  PENDING_PIN_STORAGE_KEY,
  storePendingPin,
  takePendingPin,
} from './pendingPin.ts';

describe('pending pin after a login (spec 3 stored login action: pin actor, album, picture, sedcards)', () => {
  it('is taken once, by the button of the same item only', () => {
    const storage = memoryStorage();
    storePendingPin(storage, { target: 'album', id: 31 }, 1000);
    expect(takePendingPin(storage, 'album', 32, 2000)).toBe(false);
    expect(takePendingPin(storage, 'picture', 31, 2000)).toBe(false);
    expect(storage.map.has(PENDING_PIN_STORAGE_KEY)).toBe(true);
    expect(takePendingPin(storage, 'album', 31, 2000)).toBe(true);
    expect(takePendingPin(storage, 'album', 31, 2000)).toBe(false);
  });

  it('a stale, future-dated or broken pending pin is dropped and never sent', () => {
    const storage = memoryStorage();
    storePendingPin(storage, { target: 'actor', id: 7 }, 0);
    expect(takePendingPin(storage, 'actor', 7, PENDING_PIN_MAX_AGE_MS + 1)).toBe(false);
    expect(storage.map.has(PENDING_PIN_STORAGE_KEY)).toBe(false);
    storePendingPin(storage, { target: 'actor', id: 7 }, 10 * PENDING_PIN_MAX_AGE_MS);
    expect(takePendingPin(storage, 'actor', 7, 0)).toBe(false);
    for (const raw of ['nope', '{"target":"video","id":1,"at":0}', '{"target":"actor","id":-1,"at":0}']) {
      storage.setItem(PENDING_PIN_STORAGE_KEY, raw);
      expect(takePendingPin(storage, 'actor', 1, 0)).toBe(false);
      expect(storage.map.has(PENDING_PIN_STORAGE_KEY)).toBe(false);
    }
  });
});
