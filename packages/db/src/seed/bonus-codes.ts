/**
 * Demo bonus codes (issue 4): fixed codes, no randomness, inserted with ON CONFLICT DO NOTHING so a
 * second seed run (or a seed on a database that has them) changes nothing. Rewards follow the
 * domain's BonusReward shape (packages/domain/src/bonus-codes.ts); amounts in euro cents.
 *
 * - WELCOME10: the welcome bonus tile code of spec 9: 10 EUR in coins, multi-use without limit.
 * - CHATTRIAL: the conversion chat trial code of spec 9: a videochat voucher (type 2) of 5 units.
 * - VIDEOGIFT: one video voucher (type 1) for any performer, 30 days, up to 1,000 guests.
 * - TOPUP20: 20 % on top of the next top-up, at most 20 EUR.
 * - VELASCRATCH2026: a scratch card (12-16 characters): 5 EUR in coins, up to 500 guests.
 */
import type { Db } from '../client.ts';
import { bonusCodes } from '../schema.ts';

export const DEMO_BONUS_CODES = [
  { code: 'WELCOME10', reward: { kind: 'coins', cents: 1_000 }, maxRedemptions: null, onTop: false },
  {
    code: 'CHATTRIAL',
    reward: { kind: 'voucher', voucherType: 2, amount: 5, actorId: null, validDays: 30 },
    maxRedemptions: null,
    onTop: false,
  },
  {
    code: 'VIDEOGIFT',
    reward: { kind: 'voucher', voucherType: 1, amount: 1, actorId: null, validDays: 30 },
    maxRedemptions: 1_000,
    onTop: false,
  },
  {
    code: 'TOPUP20',
    reward: { kind: 'ontop', percent: 20, flatCents: null, maxCents: 2_000 },
    maxRedemptions: null,
    onTop: true,
  },
  { code: 'VELASCRATCH2026', reward: { kind: 'coins', cents: 500 }, maxRedemptions: 500, onTop: false },
] as const;

/** Inserts the demo codes that are missing; answers how many were inserted. */
export async function seedBonusCodes(db: Db): Promise<number> {
  const rows = await db
    .insert(bonusCodes)
    .values(
      DEMO_BONUS_CODES.map((c) => ({
        code: c.code,
        reward: { ...c.reward } as Record<string, unknown>,
        maxRedemptions: c.maxRedemptions,
        onTop: c.onTop,
      })),
    )
    .onConflictDoNothing({ target: bonusCodes.code })
    .returning({ id: bonusCodes.id });
  return rows.length;
}
