import type { FavoriteActor } from '@vela/contracts/socket';
import { describe, expect, it } from 'vitest';
import { createFavoritesStore } from './favoritesStore.ts';

const actor = (id: number, isOnline: boolean): FavoriteActor => ({
  id,
  name: `A${id}`,
  isOnline,
  avatar: { key: 'k', ageRating: 16, aspect: 1 },
  notifyEmail: false,
  notifySms: false,
});

describe('favorites store (spec 4 Favorites)', () => {
  it('pins follow the pin events of every tab; a new pin makes the list stale, an unpin drops the actor', () => {
    const store = createFavoritesStore();
    store.apply({ type: 'favoriteActors', actors: [actor(1, true), actor(2, false)], onlineTotal: 1 });
    store.apply({ type: 'favoritePinned', target: 'actor', id: 3 });
    expect([...store.getState().pinnedActorIds]).toEqual([3]);
    expect(store.getState().stale).toBe(true);
    store.apply({ type: 'favoriteUnpinned', target: 'actor', id: 1 });
    expect(store.getState().actors?.map((a) => a.id)).toEqual([2]);
    store.apply({ type: 'favoritePinned', target: 'album', id: 9 });
    expect([...store.getState().pinnedActorIds]).toEqual([3]);
  });

  it('online and offline events update the list at once, online first', () => {
    const store = createFavoritesStore();
    store.apply({ type: 'favoriteActors', actors: [actor(1, true), actor(2, false)], onlineTotal: 1 });
    store.apply({ type: 'actorOnline', actorId: 2, actorName: 'A2', onlineTotal: 10 });
    expect(store.getState().actors?.map((a) => [a.id, a.isOnline])).toEqual([
      [1, true],
      [2, true],
    ]);
    store.apply({ type: 'actorOffline', actorId: 1, actorName: 'A1', onlineTotal: 9 });
    expect(store.getState().actors?.map((a) => [a.id, a.isOnline])).toEqual([
      [2, true],
      [1, false],
    ]);
    const before = store.getState();
    store.apply({ type: 'actorOnline', actorId: 77, actorName: 'other', onlineTotal: 10 });
    expect(store.getState()).toBe(before);
  });
});
