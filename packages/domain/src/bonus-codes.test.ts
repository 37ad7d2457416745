import { describe, expect, it } from 'vitest';
import {
  type BonusCodeState,
  isOneTime,
  isWellFormedCode,
  normalizeCode,
  normalizeScratchCode,
  onTopBonusCents,
  parseReward,
  redeemReason,
  remainingRedemptions,
  rewardTypeOf,
  SCRATCH_CODE_PATTERN,
} from './bonus-codes.ts';

const now = new Date('2026-11-22T12:00:00Z');
const code = (over: Partial<BonusCodeState> = {}): BonusCodeState => ({
  active: true,
  validFrom: null,
  validUntil: null,
  maxRedemptions: null,
  redemptionCount: 0,
  ...over,
});

describe('spec 5: bonus code check returns a reason before redeeming (canRedeem)', () => {
  it('a valid code that the guest has not redeemed: OK', () => {
    expect(redeemReason(code(), false, now)).toBe('OK');
  });

  it('unknown, inactive, not yet valid, expired, exhausted and already redeemed each have their reason', () => {
    expect(redeemReason(null, false, now)).toBe('UNKNOWN_CODE');
    expect(redeemReason(code({ active: false }), false, now)).toBe('INACTIVE');
    expect(redeemReason(code({ validFrom: new Date(now.getTime() + 1) }), false, now)).toBe('NOT_YET_VALID');
    expect(redeemReason(code({ validFrom: now }), false, now)).toBe('OK');
    expect(redeemReason(code({ validUntil: now }), false, now)).toBe('EXPIRED');
    expect(redeemReason(code({ maxRedemptions: 1, redemptionCount: 1 }), false, now)).toBe('EXHAUSTED');
    expect(redeemReason(code({ maxRedemptions: 5, redemptionCount: 4 }), false, now)).toBe('OK');
    expect(redeemReason(code(), true, now)).toBe('ALREADY_REDEEMED');
  });

  it('one-time codes allow one redemption; multi-use codes have a limit or none', () => {
    expect(isOneTime(code({ maxRedemptions: 1 }))).toBe(true);
    expect(isOneTime(code({ maxRedemptions: 10 }))).toBe(false);
    expect(remainingRedemptions(code({ maxRedemptions: 10, redemptionCount: 3 }))).toBe(7);
    expect(remainingRedemptions(code())).toBeNull();
  });
});

describe('code input', () => {
  it('codes are compared upper-case without surrounding or inner spaces', () => {
    expect(normalizeCode('  welcome 10 ')).toBe('WELCOME10');
    expect(isWellFormedCode('WELCOME10')).toBe(true);
    expect(isWellFormedCode('AB')).toBe(false);
    expect(isWellFormedCode('DROP;TABLE')).toBe(false);
  });

  it('a scratch card code is 12-16 letters and digits; printed dashes are ignored', () => {
    expect(normalizeScratchCode('abcd-efgh-2345')).toBe('ABCDEFGH2345');
    expect(SCRATCH_CODE_PATTERN.test('ABCDEFGH2345')).toBe(true);
    expect(SCRATCH_CODE_PATTERN.test('ABCDEFGH234')).toBe(false);
    expect(SCRATCH_CODE_PATTERN.test('ABCDEFGH23456789X')).toBe(false);
  });
});

describe('rewards (spec 3 reward types bonus, ontop, video voucher, ...)', () => {
  it('ontop: a percent (rounded down) and/or a flat bonus on the next top-up, capped', () => {
    expect(onTopBonusCents({ kind: 'ontop', percent: 10, flatCents: null, maxCents: null }, 2_099)).toBe(209);
    expect(onTopBonusCents({ kind: 'ontop', percent: null, flatCents: 500, maxCents: null }, 1_000)).toBe(
      500,
    );
    expect(onTopBonusCents({ kind: 'ontop', percent: 50, flatCents: 100, maxCents: 1_000 }, 5_000)).toBe(
      1_000,
    );
    expect(onTopBonusCents({ kind: 'ontop', percent: 10, flatCents: null, maxCents: null }, 0)).toBe(0);
  });

  it('stored rewards are checked: unknown kinds and out-of-range amounts are refused', () => {
    expect(parseReward({ kind: 'coins', cents: 500 })).toEqual({ kind: 'coins', cents: 500 });
    expect(parseReward({ kind: 'coins', cents: 0 })).toBeNull();
    expect(parseReward({ kind: 'coins', cents: 1.5 })).toBeNull();
    expect(parseReward({ kind: 'voucher', voucherType: 1, amount: 2 })).toEqual({
      kind: 'voucher',
      voucherType: 1,
      amount: 2,
      actorId: null,
      validDays: null,
    });
    expect(parseReward({ kind: 'voucher', voucherType: 11, amount: 2 })).toBeNull();
    expect(parseReward({ kind: 'ontop' })).toBeNull();
    expect(parseReward({ kind: 'cash', cents: 5 })).toBeNull();
    expect(parseReward(null)).toBeNull();
  });

  it('each reward has its spec 3 reward type', () => {
    expect(rewardTypeOf({ kind: 'coins', cents: 1 })).toBe('bonus');
    expect(rewardTypeOf({ kind: 'ontop', percent: 5, flatCents: null, maxCents: null })).toBe('ontop');
    expect(rewardTypeOf({ kind: 'voucher', voucherType: 1, amount: 1, actorId: null, validDays: null })).toBe(
      'videoVoucher',
    );
    expect(
      rewardTypeOf({ kind: 'voucher', voucherType: 10, amount: 1, actorId: null, validDays: null }),
    ).toBe('freeSpins');
  });
});
