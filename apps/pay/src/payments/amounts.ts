/**
 * Amounts of the charge views: a typed euro amount to integer cents, its bounds from
 * `payment/settings`, and the spec 9 texts (coins rounded up, money with decimal comma).
 */
import type { Language } from '@vela/contracts/common';
import type { PaymentSettings } from '@vela/contracts/payment-api';
import { coinsForEuroCents } from '@vela/domain/coins';
import { formatAmount, formatMoney } from '@vela/domain/money-format';
import { moneyMessages } from '@vela/i18n/messages/money';
import { translator } from '@vela/i18n/translate';

/**
 * A euro amount as a person types it: "20", "20,5", "20,50", "20.50", "1.000" or "1.000,00"
 * (dots as thousands separators, spec 9) -> cents; anything else -> null.
 */
export function parseEuroAmount(text: string): number | null {
  const value = text.replace(/\s|€/g, '');
  if (value === '') return null;
  let euros: string;
  let cents = '';
  const decimal = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(value);
  const dotDecimal = /^(\d+)\.(\d{1,2})$/.exec(value);
  if (dotDecimal) {
    euros = dotDecimal[1] ?? '';
    cents = dotDecimal[2] ?? '';
  } else if (decimal) {
    euros = (decimal[1] ?? '').replace(/\./g, '');
    cents = decimal[2] ?? '';
  } else return null;
  if (euros.length > 9) return null;
  const total = Number(euros) * 100 + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(total) && total > 0 ? total : null;
}

export type AmountProblem = 'amountInvalid' | 'amountTooSmall' | 'amountTooLarge' | 'amountOverLimit';

/** The charge bounds of the settings, and a monthly limit the guest set (flow limit). */
export function amountProblem(
  cents: number | null,
  settings: Pick<
    PaymentSettings,
    'minChargeCents' | 'maxChargeCents' | 'monthlyLimitCents' | 'monthToDateCents'
  >,
): AmountProblem | null {
  if (cents === null) return 'amountInvalid';
  if (cents < settings.minChargeCents) return 'amountTooSmall';
  if (cents > settings.maxChargeCents) return 'amountTooLarge';
  if (settings.monthlyLimitCents !== null && settings.monthToDateCents + cents > settings.monthlyLimitCents)
    return 'amountOverLimit';
  return null;
}

/** What is left of a monthly limit this month (null: no limit). */
export function remainingOfLimit(
  settings: Pick<PaymentSettings, 'monthlyLimitCents' | 'monthToDateCents'>,
): number | null {
  if (settings.monthlyLimitCents === null) return null;
  return Math.max(0, settings.monthlyLimitCents - settings.monthToDateCents);
}

/** "€20,00" (en), "20,00 €" (de) — spec 9 money. */
export const euros = (cents: number, lang: Language): string => formatMoney(cents, 'EUR', lang);

/** "80 coins" / "80 Coins" — spec 9: 1 EUR = 4 coins rounded up, no decimals, dot thousands. */
export function coinsText(coins: number, lang: Language): string {
  return translator(moneyMessages, lang)('coins', { count: coins, amount: formatAmount(coins, 'VXC') });
}

/** The coins a euro amount buys, as text. */
export const coinsForCentsText = (cents: number, lang: Language): string =>
  coinsText(coinsForEuroCents(cents), lang);
