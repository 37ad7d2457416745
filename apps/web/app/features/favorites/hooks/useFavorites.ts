/** The page's favorites state (favoritesStore); nothing pinned during SSR and for visitors. */
import { clientStoreHook } from '../../realtime/hooks/clientStoreHook.ts';
import { createFavoritesStore, type FavoritesState } from '../state/favoritesStore.ts';

const EMPTY: FavoritesState = { pinnedActorIds: new Set(), actors: null, stale: false };

export const useFavorites: () => FavoritesState = clientStoreHook(createFavoritesStore, EMPTY);
