/** The page's favorites state (favoritesStore); nothing pinned during SSR and for visitors. */
import { clientStoreHook } from '../../realtime/hooks/clientStoreHook.ts';
import { createFavoritesStore, EMPTY_FAVORITES, type FavoritesState } from '../state/favoritesStore.ts';

export const useFavorites: () => FavoritesState = clientStoreHook(createFavoritesStore, EMPTY_FAVORITES);
