/**
 * The page's favorites list (spec 4 "Favorites"): the favorite models with their online flags and
 * the online count, which presence events keep current, on top of the pins (pinsStore.ts's
 * reducer). Framework-free; one store per socket client.
 */
import type { FavoriteActor, ServerSocketMessage } from '@vela/contracts/socket';
import { createReducerStore, EMPTY_PINS, type PinsState, pinsAfter } from './pinsStore.ts';

export interface FavoritesState extends PinsState {
  /** Null until the list was asked for. */
  actors: FavoriteActor[] | null;
  /** How many pinned actors are online (all of them, not only the listed ones); null until asked. */
  onlineTotal: number | null;
  /** The list is stale (a pin changed elsewhere): ask again. */
  stale: boolean;
}

export const EMPTY_FAVORITES: FavoritesState = {
  ...EMPTY_PINS,
  actors: null,
  onlineTotal: null,
  stale: false,
};

/** The list after an online/offline event of `actorId`. */
function afterPresence(state: FavoritesState, actorId: number, isOnline: boolean): FavoritesState {
  const listed = state.actors?.find((a) => a.id === actorId);
  // The online count moves for a pinned actor whose state changed (listed or not).
  const moves = listed ? listed.isOnline !== isOnline : state.pinnedActorIds.has(actorId);
  if (!moves) return state;
  const onlineTotal =
    state.onlineTotal === null ? null : Math.max(0, state.onlineTotal + (isOnline ? 1 : -1));
  let actors = state.actors;
  if (listed && actors) {
    actors = actors.map((a) => (a.id === actorId ? { ...a, isOnline } : a));
    // Online first, as the server orders them; otherwise keep the order.
    actors.sort((a, b) => Number(b.isOnline) - Number(a.isOnline));
  }
  return { ...state, actors, onlineTotal };
}

/** The list after a pin event (the pins already moved): a new pin makes it stale, an unpin drops the actor. */
function afterPin(state: FavoritesState, pinned: boolean, actorId: number): FavoritesState {
  if (pinned) return state.actors === null ? state : { ...state, stale: true };
  const dropped = state.actors?.find((a) => a.id === actorId);
  if (!dropped || !state.actors) return state;
  return {
    ...state,
    actors: state.actors.filter((a) => a.id !== actorId),
    onlineTotal:
      dropped.isOnline && state.onlineTotal !== null ? Math.max(0, state.onlineTotal - 1) : state.onlineTotal,
  };
}

function favoritesAfter(state: FavoritesState, message: ServerSocketMessage): FavoritesState {
  const next = pinsAfter(state, message);
  switch (message.type) {
    case 'ackSession':
      // Pins and online states may have changed while the socket was away: a shown list is asked again.
      return message.snapshot && state.actors !== null ? { ...next, stale: true } : next;
    case 'favoriteActors':
      return { ...state, actors: message.actors, onlineTotal: message.onlineTotal, stale: false };
    case 'favoritePinned':
    case 'favoriteUnpinned':
      // A listed actor leaves the list on her unpin even if the pins never had her (no snapshot yet).
      return message.target === 'actor'
        ? afterPin(next, message.type === 'favoritePinned', message.id)
        : next;
    case 'actorOnline':
    case 'actorOffline':
      return afterPresence(state, message.actorId, message.type === 'actorOnline');
    default:
      return state;
  }
}

export const createFavoritesStore = () => createReducerStore(EMPTY_FAVORITES, favoritesAfter);
