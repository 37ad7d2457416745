/**
 * Performer presence on the page (spec 4 "Favorites": online/offline events update the lists;
 * going offline removes an actor from recommendations): the `actorOnline` / `actorOffline` socket
 * events (actorId, actorName, onlineTotal) that every socket receives, visitors' too.
 *
 * The store only holds what changed since the page's data was loaded: a component asks with the
 * value it was rendered with (`isOnline(id) ?? initial`), so the server render and hydration agree
 * and nothing is known about actors no event named.
 */
import type { PresenceMessage } from '@vela/contracts/socket';
import { createListeners } from './listeners.ts';

export interface PresenceStore {
  apply(message: PresenceMessage): void;
  /** The actor's state after the last event about them; undefined when no event named them. */
  isOnline(actorId: number): boolean | undefined;
  /** Actors online after the last event; null before the first. */
  onlineTotal(): number | null;
  subscribe(listener: () => void): () => void;
  /** A new page's data is fresher than earlier events about actors (the total stays). */
  resetActors(): void;
}

export function createPresenceStore(): PresenceStore {
  let actors = new Map<number, boolean>();
  let total: number | null = null;
  const listeners = createListeners();
  const emit = listeners.emit;
  return {
    apply(message) {
      actors = new Map(actors).set(message.actorId, message.type === 'actorOnline');
      total = message.onlineTotal;
      emit();
    },
    isOnline: (actorId) => actors.get(actorId),
    onlineTotal: () => total,
    subscribe: listeners.subscribe,
    resetActors() {
      if (actors.size === 0) return;
      actors = new Map();
      emit();
    },
  };
}
