import { describe, expect, it } from 'vitest';
import {
  BENEFIT_OF_VOUCHER,
  BENEFIT_TYPES,
  guestVouchers,
  ITEM_VOUCHER_TYPE,
  isUsable,
  pickVoucher,
  REWARD_OF_VOUCHER,
  REWARD_TYPES,
  VOUCHER_TYPES,
  type VoucherLot,
  voucherCounts,
  voucherPaysFor,
  voucherTypeName,
} from './vouchers.ts';

const now = new Date('2026-11-22T12:00:00Z');
const day = 86_400_000;
let nextId = 1;
const lot = (over: Partial<VoucherLot>): VoucherLot => ({
  id: nextId++,
  type: 1,
  actorId: null,
  remaining: 1,
  expiresAt: null,
  createdAt: new Date(now.getTime() - 10 * day),
  ...over,
});

describe('voucher types (spec 3)', () => {
  it('voucher types 1-10 are video, videochat, credits, photo album, messages, messenger gift, live show, private show, bonus code, spins', () => {
    expect(Object.entries(VOUCHER_TYPES)).toEqual([
      ['video', 1],
      ['videochat', 2],
      ['credits', 3],
      ['photoAlbum', 4],
      ['messages', 5],
      ['messengerGift', 6],
      ['liveShow', 7],
      ['privateShow', 8],
      ['bonusCode', 9],
      ['spins', 10],
    ]);
    expect(voucherTypeName(4)).toBe('photoAlbum');
    expect(() => voucherTypeName(11)).toThrow(RangeError);
  });

  it('reward types and benefit types of spec 3 are all there, and every voucher type maps onto them', () => {
    expect(REWARD_TYPES).toHaveLength(15);
    expect(BENEFIT_TYPES).toHaveLength(13);
    for (const type of Object.values(VOUCHER_TYPES)) {
      expect(REWARD_TYPES).toContain(REWARD_OF_VOUCHER[type]);
      expect(BENEFIT_TYPES).toContain(BENEFIT_OF_VOUCHER[type]);
    }
  });

  it('a video is paid with voucher type 1, a photo album with type 4', () => {
    expect(ITEM_VOUCHER_TYPE).toEqual({ video: 1, album: 4 });
  });
});

describe('which voucher a purchase consumes first', () => {
  it('an expired or used-up voucher is never used', () => {
    expect(isUsable(lot({ expiresAt: new Date(now.getTime() - 1) }), now)).toBe(false);
    expect(isUsable(lot({ expiresAt: now }), now)).toBe(false);
    expect(isUsable(lot({ remaining: 0 }), now)).toBe(false);
    const lots = [lot({ expiresAt: new Date(now.getTime() - day) }), lot({ remaining: 0 })];
    expect(pickVoucher(lots, { type: 1, actorId: 7 }, now)).toBeNull();
  });

  it('performer-specific before any-performer, then expiring first, then oldest', () => {
    const any = lot({ actorId: null, expiresAt: new Date(now.getTime() + day) });
    const specificLate = lot({ actorId: 7, expiresAt: null, createdAt: new Date(now.getTime() - 20 * day) });
    const specificSoon = lot({ actorId: 7, expiresAt: new Date(now.getTime() + 2 * day) });
    expect(pickVoucher([any, specificLate, specificSoon], { type: 1, actorId: 7 }, now)).toBe(specificSoon);
    expect(pickVoucher([any, specificLate], { type: 1, actorId: 7 }, now)).toBe(specificLate);
    const old = lot({ createdAt: new Date(now.getTime() - 30 * day) });
    const young = lot({ createdAt: new Date(now.getTime() - day) });
    expect(pickVoucher([young, old], { type: 1, actorId: 3 }, now)).toBe(old);
  });

  it("another performer's voucher and another type are not used", () => {
    const other = lot({ actorId: 8 });
    const album = lot({ type: 4 });
    expect(pickVoucher([other, album], { type: 1, actorId: 7 }, now)).toBeNull();
    expect(pickVoucher([other, album], { type: 4, actorId: 7 }, now)).toBe(album);
  });
});

describe('spec 9: voucher counts summed by type for the performer or any performer', () => {
  const lots = [
    lot({ type: 1, actorId: 7, remaining: 2 }),
    lot({ type: 1, actorId: null, remaining: 3 }),
    lot({ type: 1, actorId: 8, remaining: 5 }),
    lot({ type: 4, actorId: null, remaining: 1 }),
    lot({ type: 4, actorId: null, remaining: 9, expiresAt: new Date(now.getTime() - 1) }),
  ];

  it('for a performer: its own plus the any-performer vouchers', () => {
    const counts = voucherCounts(lots, now, 7);
    expect(counts[1]).toBe(5);
    expect(counts[4]).toBe(1);
    expect(counts[2]).toBe(0);
  });

  it('for any performer: every usable voucher, expired ones not counted', () => {
    const counts = voucherCounts(lots, now);
    expect(counts[1]).toBe(10);
    expect(counts[4]).toBe(1);
    expect(Object.keys(counts)).toHaveLength(10);
  });

  it('Guest.vouchers (type, amount, actorId): usable units summed per type and performer', () => {
    expect(guestVouchers([...lots, lot({ type: 1, actorId: 7, remaining: 1 })], now)).toEqual([
      { type: 1, amount: 3, actorId: null },
      { type: 1, amount: 3, actorId: 7 },
      { type: 1, amount: 5, actorId: 8 },
      { type: 4, amount: 1, actorId: null },
    ]);
  });
});

describe('issue 17: the buy button says a matching voucher pays (type 1 video, type 4 photo album)', () => {
  const item = { itemType: 'video' as const, actorId: 7 };
  it('a video voucher for that performer or any performer pays for a video', () => {
    expect(voucherPaysFor([{ type: 1, amount: 1, actorId: 7 }], item)).toBe(true);
    expect(voucherPaysFor([{ type: 1, amount: 2, actorId: null }], item)).toBe(true);
  });
  it('another performer, another type or no unit left does not', () => {
    expect(voucherPaysFor([{ type: 1, amount: 1, actorId: 8 }], item)).toBe(false);
    expect(voucherPaysFor([{ type: 4, amount: 1, actorId: null }], item)).toBe(false);
    expect(voucherPaysFor([{ type: 1, amount: 0, actorId: null }], item)).toBe(false);
    expect(voucherPaysFor([], item)).toBe(false);
  });
  it('a photo album voucher pays for an album', () => {
    expect(voucherPaysFor([{ type: 4, amount: 1, actorId: null }], { itemType: 'album', actorId: 7 })).toBe(
      true,
    );
    expect(voucherPaysFor([{ type: 1, amount: 1, actorId: null }], { itemType: 'album', actorId: 7 })).toBe(
      false,
    );
  });
});
