import type { Notification } from '@vela/contracts/socket';
import { describe, expect, it } from 'vitest';
import { createNotificationsStore } from './notificationsStore.ts';

const n = (id: number, over: Partial<Notification> = {}): Notification => ({
  id: String(id),
  type: 9,
  unread: true,
  unseen: true,
  params: { text: `n${id}` },
  url: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...over,
});
const counts = (unreadTotal: number, unseenTotal: number) => ({ unreadTotal, unseenTotal });

describe('notifications store (spec 4, spec 9)', () => {
  it('the snapshot seeds the counts; the navbar list is unknown until asked', () => {
    const store = createNotificationsStore();
    store.apply({
      type: 'ackSession',
      guestId: '1',
      language: 'en',
      snapshot: {
        balance: {
          guestBalance: 0,
          guestBalanceFormatted: '0',
          guestBalanceCents: 0,
          guestIsPayingCustomer: false,
        },
        avsStatus: 'unknown',
        vipAboStatus: 'none',
        vxtvAboStatus: 'none',
        notifications: counts(3, 2),
        pinnedActorIds: [],
        pinnedItems: { album: [], picture: [], sedcards: [] },
        vouchers: [],
      },
    });
    expect(store.getState()).toEqual({ counts: counts(3, 2), navbar: null, floating: [] });
  });

  it('a new notification goes first in both lists, which keep the newest 5', () => {
    const store = createNotificationsStore();
    store.apply({
      type: 'navbarNotifications',
      notifications: [5, 4, 3, 2, 1].map((i) => n(i)),
      counts: counts(5, 5),
    });
    store.apply({
      type: 'floatingNotifications',
      notifications: [n(5), n(4, { unseen: false })],
      counts: counts(5, 5),
    });
    expect(store.getState().floating.map((x) => x.id)).toEqual(['5']);
    store.apply({ type: 'notification', notification: n(6), counts: counts(6, 6) });
    expect(store.getState().navbar?.map((x) => x.id)).toEqual(['6', '5', '4', '3', '2']);
    expect(store.getState().floating.map((x) => x.id)).toEqual(['6', '5']);
    expect(store.getState().counts).toEqual(counts(6, 6));
  });

  it('seen leaves the floating list and keeps unread; read clears both; removal drops from both', () => {
    const store = createNotificationsStore();
    store.apply({ type: 'navbarNotifications', notifications: [n(3), n(2), n(1)], counts: counts(3, 3) });
    store.apply({ type: 'floatingNotifications', notifications: [n(3), n(2), n(1)], counts: counts(3, 3) });
    store.apply({ type: 'notificationsMarkedSeen', ids: ['3'], counts: counts(3, 2) });
    expect(store.getState().navbar?.[0]).toMatchObject({ id: '3', unread: true, unseen: false });
    expect(store.getState().floating.map((x) => x.id)).toEqual(['2', '1']);
    store.apply({ type: 'notificationsMarkedRead', ids: ['2'], counts: counts(2, 1) });
    expect(store.getState().navbar?.[1]).toMatchObject({ id: '2', unread: false, unseen: false });
    expect(store.getState().floating.map((x) => x.id)).toEqual(['1']);
    store.apply({ type: 'notificationsRemoved', ids: ['1'], counts: counts(1, 0) });
    expect(store.getState().navbar?.map((x) => x.id)).toEqual(['3', '2']);
    expect(store.getState().floating).toEqual([]);
    expect(store.getState().counts).toEqual(counts(1, 0));
  });

  it('listeners hear every change', () => {
    const store = createNotificationsStore();
    let heard = 0;
    const stop = store.subscribe(() => heard++);
    store.apply({ type: 'notification', notification: n(1), counts: counts(1, 1) });
    stop();
    store.apply({ type: 'notification', notification: n(2), counts: counts(2, 2) });
    expect(heard).toBe(1);
  });
});
