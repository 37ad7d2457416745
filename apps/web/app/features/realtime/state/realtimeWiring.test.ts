/** What each socket event does in the page (spec 4 AVS, VIP/TV, socket; decision 0017 balance). */

import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { GuestMe } from '@vela/contracts/guest-api';
import { NO_REWARD_DETAILS } from '@vela/contracts/promotions-api';
import {
  type ServerSocketMessage,
  ServerSocketMessageSchema,
  type ServerSocketMessageType,
  type SessionSnapshot,
} from '@vela/contracts/socket';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ViewerPatch } from '../../auth/useViewer.tsx';
import { type BalanceStore, createBalanceStore, snapshotOfCents } from '../../wallet/state/balanceStore.ts';
import { createGuestLiveStore } from './guestLiveStore.ts';
import { createPresenceStore } from './presenceStore.ts';
import { type AboUpdate, type AboUpdateHandler, type RealtimeDeps, wireRealtime } from './realtimeWiring.ts';

/** A client that only dispatches (each message is checked against the contract first). */
function fakeClient() {
  const handlers = new Map<string, Set<(message: never) => void>>();
  return {
    on(type: ServerSocketMessageType, handler: (message: never) => void) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    emit(message: unknown) {
      const valid = ServerSocketMessageSchema.parse(message) as ServerSocketMessage;
      for (const handler of handlers.get(valid.type) ?? []) handler(valid as never);
    },
    count: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

const guest = buildGuestMe({ balance: 40, balanceCents: 1000, balanceFormatted: '40' });

const snapshot = (overrides: Partial<SessionSnapshot> = {}): SessionSnapshot => ({
  balance: {
    guestBalance: 40,
    guestBalanceFormatted: '40',
    guestBalanceCents: 1000,
    guestIsPayingCustomer: false,
  },
  avsStatus: 'unknown',
  vipAboStatus: 'none',
  vxtvAboStatus: 'none',
  notifications: { unreadTotal: 0, unseenTotal: 0 },
  pinnedActorIds: [],
  pinnedItems: { album: [], picture: [], sedcards: [] },
  vouchers: [],
  ...overrides,
});

const ack = (snap: SessionSnapshot | null) => ({
  type: 'ackSession',
  guestId: '7',
  language: 'en',
  snapshot: snap,
});

let client: ReturnType<typeof fakeClient>;
let viewer: GuestMe | null;
let wallet: BalanceStore;
let tracked: string[];
let started: string[];
let reloads: number;
let dialogOpen: boolean;
let aboHandlers: Set<AboUpdateHandler>;
let deps: RealtimeDeps;
let wiring: ReturnType<typeof wireRealtime>;

beforeEach(() => {
  client = fakeClient();
  viewer = { ...guest };
  wallet = createBalanceStore(snapshotOfCents(1000, false), {
    fetchBalance: async () => ({ balanceCents: 1000, balanceCoins: 40 }),
  });
  tracked = [];
  started = [];
  reloads = 0;
  dialogOpen = false;
  aboHandlers = new Set();
  deps = {
    wallet: () => wallet,
    viewer: () => viewer,
    updateViewer: (patch: ViewerPatch) => {
      viewer = viewer ? { ...viewer, ...patch } : viewer;
    },
    presence: createPresenceStore(),
    guest: createGuestLiveStore(),
    aboHandlers,
    track: (context, action) => tracked.push(`${context}:${action}`),
    reportStarted: (action) => started.push(action),
    reload: () => {
      reloads += 1;
    },
    paymentFlowWaiting: () => dialogOpen,
    log: () => {},
  };
  wiring = wireRealtime(client, deps);
});

const balanceEvent = (cents: number, paying = true) => ({
  type: 'guestBalance',
  guestBalance: Math.floor(cents / 25),
  guestBalanceFormatted: String(Math.floor(cents / 25)),
  guestBalanceCents: cents,
  guestIsPayingCustomer: paying,
});

describe('vouchers (spec 3 Guest.vouchers)', () => {
  it('the snapshot of every (re)connect sets the vouchers; guestVouchers replaces them', () => {
    const voucher = { type: 4 as const, typeName: 'photo album', amount: 1, actorId: null };
    client.emit(ack({ ...snapshot(), vouchers: [voucher] }));
    expect(deps.guest.getSnapshot().vouchers).toEqual([voucher]);
    client.emit({ type: 'guestVouchers', vouchers: [] });
    expect(deps.guest.getSnapshot().vouchers).toEqual([]);
  });
});

describe('balance (decision 0017: the socket calls applyBalanceEvent)', () => {
  it('guestBalance reaches the wallet', () => {
    client.emit(balanceEvent(2500));
    expect(wallet.getSnapshot()).toMatchObject({
      cents: 2500,
      coins: 100,
      isPayingCustomer: true,
      version: 1,
    });
  });

  it('the snapshot of a reconnect applies a balance changed meanwhile, as one notification', () => {
    const notified: number[] = [];
    wallet.onNotification((n) => notified.push(n.current.cents ?? -1));
    client.emit(ack(snapshot()));
    expect(notified).toEqual([]);
    client.emit(
      ack(
        snapshot({
          balance: {
            guestBalance: 120,
            guestBalanceFormatted: '120',
            guestBalanceCents: 3000,
            guestIsPayingCustomer: true,
          },
        }),
      ),
    );
    expect(notified).toEqual([3000]);
    expect(wallet.getSnapshot()?.isPayingCustomer).toBe(true);
  });

  it('a visitor (no wallet snapshot, null session snapshot) is left alone', () => {
    viewer = null;
    wallet.reset(null);
    client.emit(ack(null));
    client.emit(balanceEvent(2500));
    expect(wallet.getSnapshot()).toBeNull();
  });
});

describe('age verification (spec 4: avsSet accepted, avsRevoked reloads, avsPending, avsRejected)', () => {
  it('avsSet accepts and reports avs_set', () => {
    client.emit({ type: 'avsSet' });
    expect(viewer).toMatchObject({ avsStatus: 'accepted', hasAvs: true, avsRejectMessage: null });
    expect(tracked).toEqual(['avs:avs_set']);
  });

  it('avsPending and avsRejected (with its message) change the status', () => {
    client.emit({ type: 'avsPending' });
    expect(viewer?.avsStatus).toBe('pending');
    client.emit({ type: 'avsRejected', message: 'The document is not readable' });
    expect(viewer).toMatchObject({
      avsStatus: 'rejected',
      hasAvs: false,
      avsRejectMessage: 'The document is not readable',
    });
    expect(reloads).toBe(0);
  });

  it('avsRevoked reports avs_revoked and reloads the page', () => {
    client.emit({ type: 'avsRevoked' });
    expect(tracked).toEqual(['avs:avs_revoked']);
    expect(reloads).toBe(1);
  });

  it('the resync applies an AVS change made meanwhile; a revoked one reloads', () => {
    client.emit(ack(snapshot({ avsStatus: 'pending' })));
    expect(viewer?.avsStatus).toBe('pending');
    client.emit(ack(snapshot({ avsStatus: 'accepted' })));
    expect(viewer).toMatchObject({ avsStatus: 'accepted', hasAvs: true });
    expect(reloads).toBe(0);
    client.emit(ack(snapshot({ avsStatus: 'unknown' })));
    expect(reloads).toBe(1);
    expect(tracked).toEqual([]);
  });
});

describe('VIP/TV (spec 4: flags follow updates; a just-started one is reported; callback or reload)', () => {
  const update = (
    type: 'vipAboUpdate' | 'vxtvAboUpdate',
    isStarted: boolean,
    vip = 'active',
    tv = 'active',
  ) => ({
    type,
    vipAboStatus: vip,
    vxtvAboStatus: tv,
    isStarted,
    price: { value: 2995, currency: 'EUR' },
  });

  it('a started VIP subscription sets both flags, is reported as vip_abo_update and reloads without a callback', () => {
    client.emit(update('vipAboUpdate', true));
    expect(viewer).toMatchObject({ isVip: true, isVXTVAboSubscriber: true });
    expect(started).toEqual(['vip_abo_update']);
    expect(reloads).toBe(1);
  });

  it('an update that is not a start is not reported', () => {
    client.emit(update('vxtvAboUpdate', false, 'none', 'cancelled'));
    expect(viewer).toMatchObject({ isVip: false, isVXTVAboSubscriber: true });
    expect(started).toEqual([]);
  });

  it('a registered callback runs instead of the reload', () => {
    const seen: AboUpdate[] = [];
    aboHandlers.add((u) => seen.push(u));
    client.emit(update('vxtvAboUpdate', true, 'none', 'active'));
    expect(seen.map((u) => u.type)).toEqual(['vxtvAboUpdate']);
    expect(started).toEqual(['vxtv_abo_update']);
    expect(reloads).toBe(0);
  });

  it('no flag change, no reload (a cancelled subscription runs to its end)', () => {
    viewer = { ...guest, isVip: true, isVXTVAboSubscriber: true };
    client.emit(update('vipAboUpdate', false, 'cancelled', 'cancelled'));
    expect(reloads).toBe(0);
  });

  it('the reload waits while a payment dialog is open and happens when it closes', () => {
    dialogOpen = true;
    client.emit(update('vipAboUpdate', true));
    expect(reloads).toBe(0);
    dialogOpen = false;
    wiring.paymentFlowEnded();
    expect(reloads).toBe(1);
    wiring.paymentFlowEnded();
    expect(reloads).toBe(1);
  });

  it('the resync applies VIP/TV changed meanwhile (never reported as a start); callbacks hear every reconnect', () => {
    const seen: string[] = [];
    aboHandlers.add((u) => seen.push(`${u.type}:${u.vipAboStatus}`));
    client.emit(ack(snapshot()));
    expect(seen).toEqual([]);
    client.emit(ack(snapshot({ vipAboStatus: 'active', vxtvAboStatus: 'active' })));
    expect(viewer).toMatchObject({ isVip: true, isVXTVAboSubscriber: true });
    client.emit(ack(snapshot({ vipAboStatus: 'active', vxtvAboStatus: 'active' })));
    expect(seen).toEqual(['resync:active', 'resync:active']);
    expect(started).toEqual([]);
  });
});

describe('session and page (spec 4: guestLocked logs out, session expired reloads unless a payment flow waits)', () => {
  it('guestLocked and pageReload reload the page', () => {
    client.emit({ type: 'guestLocked' });
    client.emit({ type: 'pageReload' });
    expect(reloads).toBe(2);
  });

  it('sessionExpired reloads at once without an open dialog', () => {
    client.emit({ type: 'sessionExpired' });
    expect(reloads).toBe(1);
  });

  it('sessionExpired waits for the payment dialog to close', () => {
    dialogOpen = true;
    client.emit({ type: 'sessionExpired' });
    expect(reloads).toBe(0);
    dialogOpen = false;
    wiring.paymentFlowEnded();
    expect(reloads).toBe(1);
  });

  it('a session acknowledged for another guest than the page shows reloads (logged out elsewhere)', () => {
    client.emit({ type: 'ackSession', guestId: null, language: 'en', snapshot: null });
    expect(reloads).toBe(1);
    viewer = null;
    client.emit({ type: 'ackSession', guestId: null, language: 'en', snapshot: null });
    expect(reloads).toBe(1);
  });

  it('a refused session reloads, after the payment dialog when one is open', () => {
    dialogOpen = true;
    wiring.sessionRefused();
    expect(reloads).toBe(0);
    dialogOpen = false;
    wiring.paymentFlowEnded();
    expect(reloads).toBe(1);
  });

  it('emailProperties updates the viewer email', () => {
    client.emit({ type: 'emailProperties', email: 'new@example.com' });
    expect(viewer?.email).toBe('new@example.com');
  });
});

describe('stores', () => {
  it('vouchers, bonus code, loyalty points go to the guest live store', () => {
    client.emit({
      type: 'guestVouchers',
      vouchers: [{ type: 1, typeName: 'Video', amount: 2, actorId: null }],
    });
    client.emit({
      type: 'bonusCodeRedeemed',
      code: 'WELCOME',
      pending: false,
      reward: {
        kind: 'coins',
        rewardType: 'coins',
        ...NO_REWARD_DETAILS,
        cents: 500,
        coins: 20,
      },
    });
    client.emit({ type: 'loyaltyPointsChanged', points: 12 });
    const state = deps.guest.getSnapshot();
    expect(state.vouchers).toHaveLength(1);
    expect(state.lastBonusCodeRedeemed?.code).toBe('WELCOME');
    expect(state.loyaltyPoints).toBe(12);
  });

  it('presence events reach the presence store', () => {
    client.emit({ type: 'actorOnline', actorId: 3, actorName: 'Lia', onlineTotal: 10 });
    client.emit({ type: 'actorOffline', actorId: 4, actorName: 'Kim', onlineTotal: 9 });
    expect(deps.presence.isOnline(3)).toBe(true);
    expect(deps.presence.isOnline(4)).toBe(false);
    expect(deps.presence.onlineTotal()).toBe(9);
  });

  it('dispose removes every subscription', () => {
    expect(client.count()).toBeGreaterThan(0);
    wiring.dispose();
    expect(client.count()).toBe(0);
  });
});
