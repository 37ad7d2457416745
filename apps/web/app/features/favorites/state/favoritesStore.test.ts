import type { FavoriteActor, SessionSnapshot } from '@vela/contracts/socket';
import { describe, expect, it } from 'vitest';
import { createFavoritesStore } from './favoritesStore.ts';
import { createPinsStore, isPinned } from './pinsStore.ts';

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

  it('albums, pictures and sedcards start from the snapshot and follow the pin events of every tab', () => {
    const store = createFavoritesStore();
    store.apply({
      type: 'ackSession',
      guestId: '1',
      language: 'en',
      // Only the favorites' part of the snapshot matters here.
      snapshot: {
        pinnedActorIds: [4],
        pinnedItems: { album: [31], picture: [], sedcards: [4] },
        vouchers: [],
      } as Partial<SessionSnapshot> as SessionSnapshot,
    });
    const state = () => store.getState();
    expect(isPinned(state(), 'album', 31)).toBe(true);
    expect(isPinned(state(), 'sedcards', 4)).toBe(true);
    expect(isPinned(state(), 'actor', 4)).toBe(true);
    expect(isPinned(state(), 'picture', 402)).toBe(false);
    store.apply({ type: 'favoritePinned', target: 'picture', id: 402 });
    store.apply({ type: 'favoriteUnpinned', target: 'album', id: 31 });
    expect(isPinned(state(), 'picture', 402)).toBe(true);
    expect(isPinned(state(), 'album', 31)).toBe(false);
    // The sedcard pin is not the actor pin.
    store.apply({ type: 'favoriteUnpinned', target: 'sedcards', id: 4 });
    expect(isPinned(state(), 'actor', 4)).toBe(true);
    // A repeated event changes nothing.
    const before = state();
    store.apply({ type: 'favoritePinned', target: 'picture', id: 402 });
    expect(state()).toBe(before);
  });

  it('the online count follows presence of every pinned actor, listed or not, and an unpin of an online one', () => {
    const store = createFavoritesStore();
    store.apply({ type: 'favoritePinned', target: 'actor', id: 1 });
    store.apply({ type: 'favoritePinned', target: 'actor', id: 5 });
    store.apply({ type: 'favoriteActors', actors: [actor(1, true)], onlineTotal: 1 });
    store.apply({ type: 'actorOnline', actorId: 5, actorName: 'A5', onlineTotal: 10 });
    expect(store.getState().onlineTotal).toBe(2);
    store.apply({ type: 'actorOnline', actorId: 6, actorName: 'A6', onlineTotal: 11 });
    expect(store.getState().onlineTotal).toBe(2);
    store.apply({ type: 'favoriteUnpinned', target: 'actor', id: 1 });
    expect(store.getState().onlineTotal).toBe(1);
    expect(store.getState().actors).toEqual([]);
  });

  it('the pin buttons’ store hears only real changes of the pins (repeats and list messages change nothing)', () => {
    const store = createPinsStore();
    let heard = 0;
    store.subscribe(() => {
      heard += 1;
    });
    store.apply({ type: 'favoritePinned', target: 'sedcards', id: 4 });
    store.apply({ type: 'favoritePinned', target: 'sedcards', id: 4 });
    store.apply({ type: 'favoriteActors', actors: [actor(1, true)], onlineTotal: 1 });
    store.apply({ type: 'actorOnline', actorId: 4, actorName: 'A4', onlineTotal: 3 });
    expect(heard).toBe(1);
    expect(isPinned(store.getState(), 'sedcards', 4)).toBe(true);
    expect(isPinned(store.getState(), 'actor', 4)).toBe(false);
  });
});
