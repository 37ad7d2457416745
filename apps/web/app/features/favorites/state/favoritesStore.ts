/**
 * The page's favorites (spec 4 "Favorites"): the pinned actor ids and the pinned albums, pictures
 * and sedcards (from the snapshot, then the pin events of every tab), and the favorite models list
 * with its online flags and online count, which presence events keep current. Framework-free; one
 * store per socket client.
 */
import type { FavoriteActor, PinTarget, ServerSocketMessage } from '@vela/contracts/socket';
import { createListeners } from '../../realtime/state/listeners.ts';

export type PinItemTarget = Exclude<PinTarget, 'actor'>;

export interface FavoritesState {
  pinnedActorIds: ReadonlySet<number>;
  /** Pinned albums, pictures and sedcards (by actor id). */
  pinnedItems: Readonly<Record<PinItemTarget, ReadonlySet<number>>>;
  /** Null until the list was asked for. */
  actors: FavoriteActor[] | null;
  /** How many pinned actors are online (all of them, not only the listed ones); null until asked. */
  onlineTotal: number | null;
  /** The list is stale (a pin changed elsewhere): ask again. */
  stale: boolean;
}

export const EMPTY_FAVORITES: FavoritesState = {
  pinnedActorIds: new Set(),
  pinnedItems: { album: new Set(), picture: new Set(), sedcards: new Set() },
  actors: null,
  onlineTotal: null,
  stale: false,
};

/** Whether `target` `id` is pinned in this state. */
export function isPinned(state: FavoritesState, target: PinTarget, id: number): boolean {
  return target === 'actor' ? state.pinnedActorIds.has(id) : state.pinnedItems[target].has(id);
}

export function createFavoritesStore() {
  let state: FavoritesState = EMPTY_FAVORITES;
  const listeners = createListeners();
  const set = (next: FavoritesState) => {
    state = next;
    listeners.emit();
  };
  const online = (actorId: number, isOnline: boolean) => {
    const listed = state.actors?.find((a) => a.id === actorId);
    // The online count moves for a pinned actor whose state changed (listed or not).
    const moves = listed ? listed.isOnline !== isOnline : state.pinnedActorIds.has(actorId);
    if (!moves) return;
    const onlineTotal =
      state.onlineTotal === null ? null : Math.max(0, state.onlineTotal + (isOnline ? 1 : -1));
    let actors = state.actors;
    if (listed && actors) {
      actors = actors.map((a) => (a.id === actorId ? { ...a, isOnline } : a));
      // Online first, as the server orders them; otherwise keep the order.
      actors.sort((a, b) => Number(b.isOnline) - Number(a.isOnline));
    }
    set({ ...state, actors, onlineTotal });
  };

  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    apply(message: ServerSocketMessage): void {
      switch (message.type) {
        case 'ackSession': {
          const snapshot = message.snapshot;
          if (!snapshot) return;
          set({
            ...state,
            pinnedActorIds: new Set(snapshot.pinnedActorIds),
            pinnedItems: {
              album: new Set(snapshot.pinnedItems.album),
              picture: new Set(snapshot.pinnedItems.picture),
              sedcards: new Set(snapshot.pinnedItems.sedcards),
            },
            // Pins and online states may have changed while the socket was away: a shown list is asked again.
            stale: state.stale || state.actors !== null,
          });
          return;
        }
        case 'favoriteActors':
          set({ ...state, actors: message.actors, onlineTotal: message.onlineTotal, stale: false });
          return;
        case 'favoritePinned':
        case 'favoriteUnpinned': {
          const pinned = message.type === 'favoritePinned';
          if (message.target !== 'actor') {
            const items = new Set(state.pinnedItems[message.target]);
            if (items.has(message.id) === pinned) return;
            if (pinned) items.add(message.id);
            else items.delete(message.id);
            set({ ...state, pinnedItems: { ...state.pinnedItems, [message.target]: items } });
            return;
          }
          const ids = new Set(state.pinnedActorIds);
          if (pinned) ids.add(message.id);
          else ids.delete(message.id);
          const dropped = !pinned ? state.actors?.find((a) => a.id === message.id) : undefined;
          const actors =
            dropped && state.actors ? state.actors.filter((a) => a.id !== message.id) : state.actors;
          const onlineTotal =
            dropped?.isOnline && state.onlineTotal !== null
              ? Math.max(0, state.onlineTotal - 1)
              : state.onlineTotal;
          set({
            ...state,
            pinnedActorIds: ids,
            actors,
            onlineTotal,
            stale: state.stale || (pinned && state.actors !== null),
          });
          return;
        }
        case 'actorOnline':
          online(message.actorId, true);
          return;
        case 'actorOffline':
          online(message.actorId, false);
          return;
        default:
      }
    },
  };
}
