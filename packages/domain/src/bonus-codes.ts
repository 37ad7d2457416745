/**
 * Bonus codes (spec 3 reward type "bonus code", spec 5 "check returns success and reason before
 * redeeming; code shows canRedeem"). Pure rules: what a code gives, whether a guest may redeem it now
 * and why not, and the on-top bonus a top-up earns. Amounts in integer euro cents.
 */
import { isVoucherType, REWARD_OF_VOUCHER, type RewardType, type VoucherType } from './vouchers.ts';

/** What a code gives. */
export type BonusReward =
  /** Coins at once, paid from the promotions budget. */
  | { kind: 'coins'; cents: number }
  /** A voucher (spec 3 types 1-10); `actorId` null: any performer; `validDays` null: no end. */
  | {
      kind: 'voucher';
      voucherType: VoucherType;
      amount: number;
      actorId: number | null;
      validDays: number | null;
    }
  /** A bonus on the guest's next succeeded top-up: a percent of it and/or a flat amount, capped. */
  | { kind: 'ontop'; percent: number | null; flatCents: number | null; maxCents: number | null };

/** Codes are stored and compared upper-case: letters, digits and dashes, 4 to 32 characters. */
export const BONUS_CODE_PATTERN = /^[A-Z0-9-]{4,32}$/;
/** A scratch card's code: 12 to 16 letters and digits (dashes and spaces as printed are ignored). */
export const SCRATCH_CODE_PATTERN = /^[A-Z0-9]{12,16}$/;

/** A code as typed -> as stored: trimmed, upper-case, inner spaces removed. */
export function normalizeCode(input: string): string {
  return input.trim().replace(/\s+/g, '').toUpperCase();
}

/** A scratch card code as typed -> its code: without spaces and dashes, upper-case. */
export function normalizeScratchCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export function isWellFormedCode(code: string): boolean {
  return BONUS_CODE_PATTERN.test(code);
}

/** Why a code cannot be redeemed now; each is also an error code of the redeem call. */
export const REDEEM_REFUSALS = [
  'UNKNOWN_CODE',
  'INACTIVE',
  'NOT_YET_VALID',
  'EXPIRED',
  'EXHAUSTED',
  'ALREADY_REDEEMED',
] as const;

/** Why a code cannot be redeemed now, or OK. */
export const REDEEM_REASONS = ['OK', ...REDEEM_REFUSALS] as const;
export type RedeemReason = (typeof REDEEM_REASONS)[number];

export interface BonusCodeState {
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  maxRedemptions: number | null;
  redemptionCount: number;
}

/**
 * Spec 5: the reason a guest can or cannot redeem `code` now. Checked in this order: unknown,
 * turned off, not yet / no longer valid, limit reached, already redeemed by this guest.
 * `validUntil` is exclusive, `validFrom` inclusive.
 */
export function redeemReason(code: BonusCodeState | null, alreadyRedeemed: boolean, now: Date): RedeemReason {
  if (!code) return 'UNKNOWN_CODE';
  if (!code.active) return 'INACTIVE';
  const t = now.getTime();
  if (code.validFrom && t < code.validFrom.getTime()) return 'NOT_YET_VALID';
  if (code.validUntil && t >= code.validUntil.getTime()) return 'EXPIRED';
  if (alreadyRedeemed) return 'ALREADY_REDEEMED';
  if (code.maxRedemptions !== null && code.redemptionCount >= code.maxRedemptions) return 'EXHAUSTED';
  return 'OK';
}

/** A code is one-time when at most one redemption is allowed at all. */
export function isOneTime(code: Pick<BonusCodeState, 'maxRedemptions'>): boolean {
  return code.maxRedemptions === 1;
}

/** Redemptions left (null: no limit). */
export function remainingRedemptions(code: Pick<BonusCodeState, 'maxRedemptions' | 'redemptionCount'>) {
  return code.maxRedemptions === null ? null : Math.max(0, code.maxRedemptions - code.redemptionCount);
}

/** The on-top bonus in cents for a top-up of `topUpCents`: percent rounded down, plus flat, capped. */
export function onTopBonusCents(reward: Extract<BonusReward, { kind: 'ontop' }>, topUpCents: number): number {
  if (!Number.isSafeInteger(topUpCents) || topUpCents <= 0) return 0;
  let bonus = 0;
  if (reward.percent !== null) bonus += Math.floor((topUpCents * reward.percent) / 100);
  if (reward.flatCents !== null) bonus += reward.flatCents;
  if (reward.maxCents !== null) bonus = Math.min(bonus, reward.maxCents);
  return Math.max(0, bonus);
}

/** The spec 3 reward type of what a code gives. */
export function rewardTypeOf(reward: BonusReward): RewardType {
  switch (reward.kind) {
    case 'coins':
      return 'bonus';
    case 'ontop':
      return 'ontop';
    case 'voucher':
      return REWARD_OF_VOUCHER[reward.voucherType];
  }
}

const MAX_CENTS = 100_000_00;
const positiveInt = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= max;
const nullOr = (v: unknown, ok: (v: unknown) => boolean) => v === null || v === undefined || ok(v);

/** Limits of what a code may give. */
export const BONUS_LIMITS = {
  maxCoinsCents: MAX_CENTS,
  maxVoucherAmount: 1000,
  maxValidDays: 3650,
  maxPercent: 200,
} as const;

/**
 * A stored or requested reward, checked: the reward, or null when it is not one (unknown kind,
 * amounts out of range, an on-top reward that gives nothing).
 */
export function parseReward(value: unknown): BonusReward | null {
  if (value === null || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  switch (r.kind) {
    case 'coins':
      return positiveInt(r.cents, BONUS_LIMITS.maxCoinsCents) ? { kind: 'coins', cents: r.cents } : null;
    case 'voucher': {
      if (!isVoucherType(r.voucherType) || !positiveInt(r.amount, BONUS_LIMITS.maxVoucherAmount)) return null;
      if (!nullOr(r.actorId, (v) => positiveInt(v, 2 ** 31 - 1))) return null;
      if (!nullOr(r.validDays, (v) => positiveInt(v, BONUS_LIMITS.maxValidDays))) return null;
      return {
        kind: 'voucher',
        voucherType: r.voucherType,
        amount: r.amount,
        actorId: (r.actorId as number | null | undefined) ?? null,
        validDays: (r.validDays as number | null | undefined) ?? null,
      };
    }
    case 'ontop': {
      const percent = (r.percent as number | null | undefined) ?? null;
      const flatCents = (r.flatCents as number | null | undefined) ?? null;
      const maxCents = (r.maxCents as number | null | undefined) ?? null;
      if (!nullOr(percent, (v) => positiveInt(v, BONUS_LIMITS.maxPercent))) return null;
      if (!nullOr(flatCents, (v) => positiveInt(v, BONUS_LIMITS.maxCoinsCents))) return null;
      if (!nullOr(maxCents, (v) => positiveInt(v, BONUS_LIMITS.maxCoinsCents))) return null;
      if (percent === null && flatCents === null) return null;
      return { kind: 'ontop', percent, flatCents, maxCents };
    }
    default:
      return null;
  }
}
