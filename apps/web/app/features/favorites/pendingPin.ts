/**
 * A pin a visitor asked for before logging in (spec 3 stored login action pinActor, pinAlbum,
 * pinPicture, pinSedcards): the payment dialog's host keeps it here after the login and reloads (or
 * opens the performer's page); the page's pin button for that item then sends the pin over the now
 * logged-in socket. Taking it removes it, so it is sent once; one older than PENDING_PIN_MAX_AGE_MS
 * is dropped (the guest went elsewhere and the pin would surprise them later).
 */
import type { PinTarget } from '@vela/contracts/socket';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const PENDING_PIN_STORAGE_KEY = 'pendingPin';
export const PENDING_PIN_MAX_AGE_MS = 10 * 60 * 1000;

export interface PendingPin {
  target: PinTarget;
  id: number;
}

const TARGETS: readonly PinTarget[] = ['actor', 'album', 'picture', 'sedcards'];

export function storePendingPin(storage: StorageLike, pin: PendingPin, now = Date.now()): void {
  storage.setItem(PENDING_PIN_STORAGE_KEY, JSON.stringify({ ...pin, at: now }));
}

function readPendingPin(raw: string | null): (PendingPin & { at: number }) | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const { target, id, at } = value;
    if (
      typeof target === 'string' &&
      (TARGETS as readonly string[]).includes(target) &&
      Number.isSafeInteger(id) &&
      (id as number) > 0 &&
      typeof at === 'number'
    ) {
      return { target: target as PinTarget, id: id as number, at };
    }
  } catch {
    // Not JSON: dropped below.
  }
  return null;
}

/**
 * True when the stored pin is `target` `id` (and young enough): it is removed, the caller pins. A
 * stored pin of another item stays for its own button; a broken or stale one is removed.
 */
export function takePendingPin(
  storage: StorageLike,
  target: PinTarget,
  id: number,
  now = Date.now(),
): boolean {
  const raw = storage.getItem(PENDING_PIN_STORAGE_KEY);
  if (raw === null) return false;
  const pin = readPendingPin(raw);
  if (!pin || now - pin.at > PENDING_PIN_MAX_AGE_MS || pin.at > now + 60_000) {
    storage.removeItem(PENDING_PIN_STORAGE_KEY);
    return false;
  }
  if (pin.target !== target || pin.id !== id) return false;
  storage.removeItem(PENDING_PIN_STORAGE_KEY);
  return true;
}
