/**
 * Texts of the promo code and scratch card views (packages/i18n/src/messages/pay-promo.ts): what a
 * code gives (coins and money of spec 9, voucher types of spec 3, on-top bonuses) and why it cannot
 * be redeemed (spec 5 reason), in the guest's language.
 */
import type { Language } from '@vela/contracts/common';
import type { RedeemBonusResult, RedeemReasonCode, RewardView } from '@vela/contracts/promotions-api';
import { REDEEM_REASONS } from '@vela/contracts/promotions-api';
import { coinBalanceOf } from '@vela/domain/coin-balance';
import { formatAmount, formatMoney } from '@vela/domain/money-format';
import { moneyMessages } from '@vela/i18n/messages/money';
import { payPromoMessages } from '@vela/i18n/messages/pay-promo';
import { type Catalogue, type Translate, translator } from '@vela/i18n/translate';

export type PromoMessageKey = typeof payPromoMessages extends Catalogue<infer K> ? K : never;
export type PromoTranslate = Translate<PromoMessageKey>;

export function promoTranslator(lang: Language): PromoTranslate {
  return translator(payPromoMessages, lang);
}

/** "20 coins" in the guest's language (spec 9 digits). */
export function coinsText(lang: Language, coins: number): string {
  return translator(moneyMessages, lang)('coins', { count: coins, amount: formatAmount(coins, 'VXC') });
}

const euroText = (lang: Language, cents: number) => formatMoney(cents, 'EUR', lang);

/** One line saying what a reward gives. */
export function rewardText(tp: PromoTranslate, lang: Language, reward: RewardView): string {
  switch (reward.kind) {
    case 'coins': {
      const cents = reward.cents ?? 0;
      return tp('rewardCoins', { amount: coinsText(lang, reward.coins ?? 0), euro: euroText(lang, cents) });
    }
    case 'voucher': {
      const amount = reward.amount ?? 0;
      const name = tp(`voucherType${reward.voucherType ?? 1}` as PromoMessageKey);
      const text = tp('rewardVoucher', { count: amount, amount: String(amount), name });
      return reward.actorId ? `${text} (${tp('rewardVoucherActor')})` : text;
    }
    case 'ontop': {
      const parts: string[] = [];
      if (reward.percent !== null) parts.push(tp('rewardOnTopPercent', { percent: String(reward.percent) }));
      if (reward.flatCents !== null)
        parts.push(tp('rewardOnTopFlat', { amount: euroText(lang, reward.flatCents) }));
      const text = parts.join(' + ');
      return reward.maxCents !== null
        ? `${text} (${tp('rewardOnTopMax', { max: euroText(lang, reward.maxCents) })})`
        : text;
    }
  }
}

/**
 * The line after a redeemed code. A coins reward names the new balance in the one balance rounding
 * (`coinBalanceOf` of the cents, rounded down), so it shows what the navbar shows.
 */
export function successText(tp: PromoTranslate, lang: Language, result: RedeemBonusResult): string {
  switch (result.reward.kind) {
    case 'coins':
      return tp('successCoins', { balance: coinsText(lang, coinBalanceOf(result.guestBalanceCents).coins) });
    case 'voucher':
      return tp('successVoucher', { reward: rewardText(tp, lang, result.reward) });
    case 'ontop':
      return tp('successOnTop', { reward: rewardText(tp, lang, result.reward) });
  }
}

export function isReason(code: string): code is Exclude<RedeemReasonCode, 'OK'> {
  return code !== 'OK' && (REDEEM_REASONS as readonly string[]).includes(code);
}

export function reasonText(tp: PromoTranslate, reason: Exclude<RedeemReasonCode, 'OK'>): string {
  return tp(`reason${reason}` as PromoMessageKey);
}
