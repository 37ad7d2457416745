import type { RedeemBonusResult, RewardView } from '@vela/contracts/promotions-api';
import { NO_REWARD_DETAILS, REDEEM_REASONS } from '@vela/contracts/promotions-api';
import { describe, expect, it } from 'vitest';
import { isReason, promoTranslator, reasonText, rewardText, successText } from './promo-text.ts';

const base: RewardView = {
  kind: 'coins',
  rewardType: 'bonus',
  ...NO_REWARD_DETAILS,
};

describe('promo code texts (spec 9 formatting, spec 3 voucher types, four languages)', () => {
  it('coins are shown in coins (dot thousands) and euro (decimal comma)', () => {
    const reward = { ...base, cents: 100_000, coins: 4_000 };
    expect(rewardText(promoTranslator('en'), 'en', reward)).toBe('4.000 coins (€1.000,00)');
    expect(rewardText(promoTranslator('de'), 'de', reward)).toBe('4.000 Coins (1.000,00\u00a0€)');
  });

  it('vouchers name their spec 3 type; performer-only vouchers say so', () => {
    const reward: RewardView = { ...base, kind: 'voucher', voucherType: 4, amount: 2, actorId: '9' };
    expect(rewardText(promoTranslator('es'), 'es', reward)).toBe('2 vales: álbum de fotos (para una modelo)');
    expect(rewardText(promoTranslator('en'), 'en', { ...reward, amount: 1, actorId: null })).toBe(
      '1 voucher: photo album',
    );
  });

  it('on-top rewards show the percent, the flat amount and the cap', () => {
    const reward: RewardView = { ...base, kind: 'ontop', percent: 20, maxCents: 2_000 };
    expect(rewardText(promoTranslator('nl'), 'nl', reward)).toBe(
      '20 % extra op je volgende opwaardering (maximaal €\u00a020,00)',
    );
  });

  it('every refusal reason has a text in every language', () => {
    for (const lang of ['de', 'en', 'nl', 'es'] as const) {
      const tp = promoTranslator(lang);
      for (const reason of REDEEM_REASONS) {
        if (!isReason(reason)) continue;
        expect(reasonText(tp, reason).length).toBeGreaterThan(5);
      }
    }
    expect(isReason('OK')).toBe(false);
    expect(isReason('RATE_LIMITED')).toBe(false);
  });
});

describe('the promo success text shows the balance as the navbar does (issue 14: rounded down)', () => {
  const redeemed = (cents: number, guestBalance: number): RedeemBonusResult => ({
    success: true,
    code: 'COINS',
    reward: { ...base, cents: 101, coins: 5 },
    pending: false,
    creditedCents: 101,
    vouchers: [],
    guestBalance,
    guestBalanceFormatted: String(guestBalance),
    guestBalanceCents: cents,
  });

  it.each([
    [0, '0 coins'],
    [24, '0 coins'],
    [25, '1 coin'],
    [572, '22 coins'],
    [599, '23 coins'],
    [600, '24 coins'],
    [100_024, '4.000 coins'],
  ])('%i cents: "%s"', (cents, shown) => {
    // The coins of the answer rounded up as an older server sent them: the dialog goes by the cents.
    const text = successText(promoTranslator('en'), 'en', redeemed(cents, Math.ceil(cents / 25)));
    expect(text).toBe(`Added to your account. Your new balance: ${shown}.`);
  });
});
