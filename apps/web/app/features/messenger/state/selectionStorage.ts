/**
 * Spec 9 local-storage keys of the messenger: the selected channel (`MESSENGER_STORAGE_CHANNEL_ID`) and
 * the performer of a conversation being opened (`MESSENGER_STORAGE_ACTOR_ID`), so the page opens where
 * the guest left it. Storage that is missing or refuses (private mode) changes nothing.
 */
import { MESSENGER_STORAGE_ACTOR_ID, MESSENGER_STORAGE_CHANNEL_ID } from '@vela/contracts/messenger-storage';

const CHANNEL_ID = /^[1-9][0-9]{0,17}$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Storage full or refused: the page works without it.
  }
}

export function storeChannel(channelId: string | null): void {
  write(MESSENGER_STORAGE_CHANNEL_ID, channelId);
}

export function storeActor(actorId: number): void {
  write(MESSENGER_STORAGE_ACTOR_ID, String(actorId));
}

export function clearStoredActor(): void {
  write(MESSENGER_STORAGE_ACTOR_ID, null);
}

/** The stored selection; malformed values read as nothing. */
export function readStoredSelection(): { channelId: string | null; actorId: number | null } {
  let channel: string | null = null;
  let actor: string | null = null;
  try {
    channel = storage()?.getItem(MESSENGER_STORAGE_CHANNEL_ID) ?? null;
    actor = storage()?.getItem(MESSENGER_STORAGE_ACTOR_ID) ?? null;
  } catch {
    // As nothing stored.
  }
  const actorId = actor && /^[1-9][0-9]{0,9}$/.test(actor) ? Number(actor) : null;
  return {
    channelId: channel && CHANNEL_ID.test(channel) ? channel : null,
    actorId: actorId !== null && actorId <= 2 ** 31 - 1 ? actorId : null,
  };
}
