/**
 * The page's favorites state (favoritesStore), one store per socket client. During SSR and for
 * visitors: nothing pinned.
 */
import { useSyncExternalStore } from 'react';
import type { SocketClient } from '../../realtime/socketClient.ts';
import { useRealtime } from '../../realtime/state/RealtimeProvider.tsx';
import { createFavoritesStore, type FavoritesState, type FavoritesStore } from '../state/favoritesStore.ts';

const stores = new WeakMap<SocketClient, FavoritesStore>();
const EMPTY: FavoritesState = { pinnedActorIds: new Set(), actors: null, stale: false };
const noop = () => () => {};

function storeOf(client: SocketClient): FavoritesStore {
  let store = stores.get(client);
  if (!store) {
    const created = createFavoritesStore();
    if (client.session) created.apply(client.session);
    client.onMessage((message) => created.apply(message));
    stores.set(client, created);
    store = created;
  }
  return store;
}

export function useFavorites(): FavoritesState {
  const client = useRealtime()?.client ?? null;
  const store = client ? storeOf(client) : null;
  return useSyncExternalStore(
    store ? store.subscribe : noop,
    () => (store ? store.getState() : EMPTY),
    () => EMPTY,
  );
}
