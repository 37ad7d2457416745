/**
 * The page's favorites (spec 4 "Favorites"): the pinned actor ids (from the snapshot, then the pin
 * events of every tab) and the favorite models list with its online flags, which presence events
 * keep current. Framework-free; one store per socket client.
 */
import type { FavoriteActor, ServerSocketMessage } from '@vela/contracts/socket';
import { createListeners } from '../../realtime/state/listeners.ts';

export interface FavoritesState {
  pinnedActorIds: ReadonlySet<number>;
  /** Null until the list was asked for. */
  actors: FavoriteActor[] | null;
  /** The list is stale (a pin changed elsewhere): ask again. */
  stale: boolean;
}

export function createFavoritesStore() {
  let state: FavoritesState = { pinnedActorIds: new Set(), actors: null, stale: false };
  const listeners = createListeners();
  const set = (next: FavoritesState) => {
    state = next;
    listeners.emit();
  };
  const online = (actorId: number, isOnline: boolean) => {
    if (!state.actors?.some((a) => a.id === actorId && a.isOnline !== isOnline)) return;
    const actors = state.actors.map((a) => (a.id === actorId ? { ...a, isOnline } : a));
    // Online first, as the server orders them; otherwise keep the order.
    actors.sort((a, b) => Number(b.isOnline) - Number(a.isOnline));
    set({ ...state, actors });
  };

  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    apply(message: ServerSocketMessage): void {
      switch (message.type) {
        case 'ackSession':
          if (message.snapshot) {
            const ids = message.snapshot.pinnedActorIds;
            const changed =
              ids.length !== state.pinnedActorIds.size || ids.some((id) => !state.pinnedActorIds.has(id));
            set({
              ...state,
              pinnedActorIds: new Set(ids),
              stale: state.stale || (changed && state.actors !== null),
            });
          }
          return;
        case 'favoriteActors':
          set({ ...state, actors: message.actors, stale: false });
          return;
        case 'favoritePinned':
        case 'favoriteUnpinned': {
          if (message.target !== 'actor') return;
          const ids = new Set(state.pinnedActorIds);
          if (message.type === 'favoritePinned') ids.add(message.id);
          else ids.delete(message.id);
          const actors =
            message.type === 'favoriteUnpinned' && state.actors
              ? state.actors.filter((a) => a.id !== message.id)
              : state.actors;
          set({
            pinnedActorIds: ids,
            actors,
            stale: message.type === 'favoritePinned' && state.actors !== null,
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
