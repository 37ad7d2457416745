/** Presence on the page (spec 4 "Favorites": online/offline events; the navbar's online count). */
import { describe, expect, it } from 'vitest';
import { createGuestLiveStore, INITIAL_GUEST_LIVE_STATE } from './guestLiveStore.ts';
import { createPresenceStore } from './presenceStore.ts';

describe('presence store', () => {
  it('knows nothing before an event: components keep the value they were rendered with', () => {
    const store = createPresenceStore();
    expect(store.isOnline(1)).toBeUndefined();
    expect(store.onlineTotal()).toBeNull();
  });

  it('an online/offline event sets the actor and the online total, and notifies', () => {
    const store = createPresenceStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.apply({ type: 'actorOnline', actorId: 1, actorName: 'Lia', onlineTotal: 5 });
    store.apply({ type: 'actorOffline', actorId: 2, actorName: 'Kim', onlineTotal: 4 });
    expect(store.isOnline(1)).toBe(true);
    expect(store.isOnline(2)).toBe(false);
    expect(store.onlineTotal()).toBe(4);
    store.apply({ type: 'actorOffline', actorId: 1, actorName: 'Lia', onlineTotal: 3 });
    expect(store.isOnline(1)).toBe(false);
    expect(calls).toBe(3);
  });

  it('a new page forgets the actors (its data is fresher) but keeps the total', () => {
    const store = createPresenceStore();
    store.apply({ type: 'actorOffline', actorId: 2, actorName: 'Kim', onlineTotal: 4 });
    let calls = 0;
    const off = store.subscribe(() => calls++);
    store.resetActors();
    store.resetActors();
    expect(store.isOnline(2)).toBeUndefined();
    expect(store.onlineTotal()).toBe(4);
    expect(calls).toBe(1);
    off();
    store.apply({ type: 'actorOnline', actorId: 2, actorName: 'Kim', onlineTotal: 5 });
    expect(calls).toBe(1);
  });
});

describe('guest live store', () => {
  it('keeps vouchers, the last redeemed code and loyalty points, and resets', () => {
    const store = createGuestLiveStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.setVouchers([{ type: 1, typeName: 'Video', amount: 2, actorId: '9' }]);
    store.setLoyaltyPoints(30);
    const before = store.getSnapshot();
    store.bonusCodeRedeemed({
      type: 'bonusCodeRedeemed',
      code: 'SPRING',
      pending: true,
      reward: {
        kind: 'voucher',
        rewardType: 'voucher',
        cents: null,
        coins: null,
        voucherType: 1,
        voucherTypeName: 'Video',
        amount: 1,
        actorId: null,
        percent: null,
        flatCents: null,
        maxCents: null,
      },
    });
    const after = store.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.lastBonusCodeRedeemed).toMatchObject({ code: 'SPRING', pending: true });
    expect(after.lastBonusCodeRedeemed).not.toHaveProperty('type');
    expect(after.vouchers?.[0]?.amount).toBe(2);
    expect(after.loyaltyPoints).toBe(30);
    expect(calls).toBe(3);
    store.reset();
    expect(store.getSnapshot()).toEqual(INITIAL_GUEST_LIVE_STATE);
  });
});
