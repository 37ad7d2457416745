import type { ServerSocketMessage } from '@vela/contracts/socket';
import { describe, expect, it } from 'vitest';
import { createNavbarMessagesStore } from './navbarMessagesStore.ts';

describe('navbar messages (spec 4, spec 9: newest 5 unread channels, the unread badge)', () => {
  it('starts from the session snapshot and follows messengerUnread', () => {
    const store = createNavbarMessagesStore();
    let told = 0;
    store.subscribe(() => {
      told += 1;
    });
    store.apply({
      type: 'ackSession',
      guestId: '1',
      language: 'en',
      snapshot: { messenger: { unreadTotal: 3, navbar: [] } },
    } as unknown as ServerSocketMessage);
    expect(store.getState().unreadTotal).toBe(3);
    store.apply({ type: 'messengerUnread', unreadTotal: 0, navbar: [] });
    expect(store.getState()).toEqual({ unreadTotal: 0, navbar: [] });
    expect(told).toBe(2);
  });

  it('a visitor (no snapshot) and other messages change nothing', () => {
    const store = createNavbarMessagesStore();
    const before = store.getState();
    store.apply({ type: 'ackSession', guestId: null, language: 'en', snapshot: null });
    store.apply({ type: 'pong', ttl: 1 });
    expect(store.getState()).toBe(before);
  });
});
