/**
 * What the guest pinned (spec 4 "Favorites"): the pinned actor ids and the pinned albums, pictures
 * and sedcards, from the socket snapshot, then the pin events of every tab. The pin buttons read
 * only this (a profile's first load carries no favorites list); favoritesStore.ts builds the list on
 * the same reducer. Framework-free.
 */
import type { PinTarget, ServerSocketMessage } from '@vela/contracts/socket';
import { createListeners } from '../../realtime/state/listeners.ts';

export type PinItemTarget = Exclude<PinTarget, 'actor'>;

export interface PinsState {
  pinnedActorIds: ReadonlySet<number>;
  /** Pinned albums, pictures and sedcards (by actor id). */
  pinnedItems: Readonly<Record<PinItemTarget, ReadonlySet<number>>>;
}

export const EMPTY_PINS: PinsState = {
  pinnedActorIds: new Set(),
  pinnedItems: { album: new Set(), picture: new Set(), sedcards: new Set() },
};

/** Whether `target` `id` is pinned in this state. */
export function isPinned(state: PinsState, target: PinTarget, id: number): boolean {
  return target === 'actor' ? state.pinnedActorIds.has(id) : state.pinnedItems[target].has(id);
}

/** The pins after `message` (the same object when it changes none). */
export function pinsAfter<S extends PinsState>(state: S, message: ServerSocketMessage): S {
  if (message.type === 'ackSession') {
    const snapshot = message.snapshot;
    if (!snapshot) return state;
    return {
      ...state,
      pinnedActorIds: new Set(snapshot.pinnedActorIds),
      pinnedItems: {
        album: new Set(snapshot.pinnedItems.album),
        picture: new Set(snapshot.pinnedItems.picture),
        sedcards: new Set(snapshot.pinnedItems.sedcards),
      },
    };
  }
  if (message.type !== 'favoritePinned' && message.type !== 'favoriteUnpinned') return state;
  const pinned = message.type === 'favoritePinned';
  const current = message.target === 'actor' ? state.pinnedActorIds : state.pinnedItems[message.target];
  if (current.has(message.id) === pinned) return state;
  const ids = new Set(current);
  if (pinned) ids.add(message.id);
  else ids.delete(message.id);
  return message.target === 'actor'
    ? { ...state, pinnedActorIds: ids }
    : { ...state, pinnedItems: { ...state.pinnedItems, [message.target]: ids } };
}

/** A store over a reducer of socket messages (listeners hear only real changes). */
export function createReducerStore<S>(initial: S, reduce: (state: S, message: ServerSocketMessage) => S) {
  let state = initial;
  const listeners = createListeners();
  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    apply(message: ServerSocketMessage): void {
      const next = reduce(state, message);
      if (next === state) return;
      state = next;
      listeners.emit();
    },
  };
}

export const createPinsStore = () => createReducerStore<PinsState>(EMPTY_PINS, pinsAfter);
