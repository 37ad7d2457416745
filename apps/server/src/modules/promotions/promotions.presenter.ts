/** What of vouchers, codes, redemptions and purchases leaves the server (ids as strings, no rows as is). */
import {
  type Benefit,
  type GuestVoucherView,
  NO_REWARD_DETAILS,
  type Purchase,
  type RewardView,
} from '@vela/contracts/promotions-api';
import { type BonusReward, rewardTypeOf } from '@vela/domain/bonus-codes';
import { coinsForEuroCents } from '@vela/domain/coins';
import {
  BENEFIT_OF_VOUCHER,
  type GuestVoucher,
  isUsable,
  isVoucherType,
  REWARD_OF_VOUCHER,
  voucherTypeName,
} from '@vela/domain/vouchers';
import type { BonusCodeRow, PurchaseRow, RedemptionWithCode, VoucherRow } from './promotions.repository.ts';

const idOrNull = (id: number | null) => (id === null ? null : String(id));

export function presentReward(reward: BonusReward): RewardView {
  const base: RewardView = {
    kind: reward.kind,
    rewardType: rewardTypeOf(reward),
    ...NO_REWARD_DETAILS,
  };
  switch (reward.kind) {
    case 'coins':
      return { ...base, cents: reward.cents, coins: coinsForEuroCents(reward.cents) };
    case 'voucher':
      return {
        ...base,
        voucherType: reward.voucherType,
        voucherTypeName: voucherTypeName(reward.voucherType),
        amount: reward.amount,
        actorId: idOrNull(reward.actorId),
      };
    case 'ontop':
      return { ...base, percent: reward.percent, flatCents: reward.flatCents, maxCents: reward.maxCents };
  }
}

export function presentGuestVouchers(vouchers: GuestVoucher[]): GuestVoucherView[] {
  return vouchers.map((v) => ({
    type: v.type,
    typeName: voucherTypeName(v.type),
    amount: v.amount,
    actorId: idOrNull(v.actorId),
  }));
}

export function presentPurchase(row: PurchaseRow): Purchase {
  return {
    itemType: row.itemType,
    itemId: String(row.itemId),
    priceCents: row.priceCents,
    paidWith: row.voucherId === null ? 'wallet' : 'voucher',
    date: row.createdAt.toISOString(),
  };
}

export function presentCode(row: BonusCodeRow, reward: BonusReward) {
  return {
    id: String(row.id),
    code: row.code,
    reward: presentReward(reward),
    maxRedemptions: row.maxRedemptions,
    redemptionCount: row.redemptionCount,
    onTop: row.onTop,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A voucher lot as a benefit (usable ones are active; used-up or expired ones are left out). */
export function voucherBenefits(rows: VoucherRow[], now: Date): Benefit[] {
  return rows.flatMap((row) => {
    if (!isVoucherType(row.type) || !isUsable(row, now)) return [];
    return [
      {
        source: 'voucher' as const,
        benefitType: BENEFIT_OF_VOUCHER[row.type],
        rewardType: REWARD_OF_VOUCHER[row.type],
        voucherType: row.type,
        amount: row.remaining,
        cents: null,
        actorId: idOrNull(row.actorId),
        code: null,
        status: 'active' as const,
        expiresAt: row.expiresAt?.toISOString() ?? null,
        date: row.createdAt.toISOString(),
      },
    ];
  });
}

/** A redeemed code as a benefit: coins credited, an on-top bonus pending or credited, a voucher. */
export function redemptionBenefit(entry: RedemptionWithCode, reward: BonusReward): Benefit {
  const { redemption, code } = entry;
  const settled = redemption.transferId !== null || redemption.chargeId !== null;
  const voucher = reward.kind === 'voucher' ? reward : null;
  return {
    source: 'bonusCode',
    benefitType:
      reward.kind === 'coins' ? 'coins' : voucher ? BENEFIT_OF_VOUCHER[voucher.voucherType] : 'bonus',
    rewardType: rewardTypeOf(reward),
    voucherType: voucher?.voucherType ?? null,
    amount: voucher?.amount ?? null,
    cents: reward.kind === 'coins' ? reward.cents : null,
    actorId: idOrNull(voucher?.actorId ?? null),
    code: code.code,
    status: reward.kind === 'ontop' && !settled ? 'pending' : 'credited',
    expiresAt: null,
    date: redemption.createdAt.toISOString(),
  };
}
