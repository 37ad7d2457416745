/**
 * Money, coin, count and duration formatting (spec 9), the same text on server and browser.
 *
 * Decisions (others must follow them; the spec wins over locale habits for the product's money):
 * - Currencies are those of spec 3: EUR, CHF, Credits, Voucher, VXC (coins). Any other currency
 *   code raises `UnknownCurrencyError` (spec 8: "Unknown currency ... errors").
 * - Amounts are safe integers in minor units:
 *     EUR, CHF  -> cents (2 decimals);
 *     Credits   -> hundredths of a credit (2 decimals; credits mirror the euro balance 1:1);
 *     VXC       -> whole coins (no decimals, spec 9 "coins without decimals");
 *     Voucher   -> whole vouchers (a count, no decimals).
 *   A non-integer amount is a programming error (RangeError), never silently rounded.
 * - Spec 9 "money two decimals with comma" and "dot thousands separators" apply in EVERY page
 *   language, English included: "1.234,56". Only the place of the currency symbol follows the
 *   language: de/es "1.234,56 €", nl "€ 1.234,56", en "€1.234,56"; CHF is written as a code
 *   ("12,34 CHF" in de/es, "CHF 12,34" in en/nl). The space is a no-break space (U+00A0).
 * - Negative amounts (ledger debits) keep their sign in front of the whole text: "-1,50 €",
 *   "-€1,50". Counts (formatCount) and durations are never negative: RangeError.
 * - 1 EUR = 4 coins rounded up is `coinsForEuroCents` in ./coins.ts; reused here, not repeated.
 * - No Intl: digits are grouped by integer arithmetic, so the output does not depend on the ICU
 *   data of the runtime, on its default locale or on the time zone.
 * Words ("coins", "per minute", "min") are UI text and live in packages/i18n/src/messages/money.ts.
 */
import { coinsForEuroCents } from './coins.ts';

export const CURRENCIES = ['EUR', 'CHF', 'Credits', 'Voucher', 'VXC'] as const;
export type Currency = (typeof CURRENCIES)[number];
export type MoneyLanguage = 'de' | 'en' | 'nl' | 'es';

/** Spec 8: an unknown currency is an error. Stable code for mapping at the edges. */
export class UnknownCurrencyError extends Error {
  readonly code = 'UNKNOWN_CURRENCY';
  constructor(readonly currency: string) {
    super(`Unknown currency ${JSON.stringify(currency)}`);
    this.name = 'UnknownCurrencyError';
  }
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The currency itself, or UnknownCurrencyError (spec 8). */
export function assertCurrency(value: string): Currency {
  if (!isCurrency(value)) throw new UnknownCurrencyError(value);
  return value;
}

const DECIMALS: Record<Currency, 0 | 2> = { EUR: 2, CHF: 2, Credits: 2, VXC: 0, Voucher: 0 };

/** Number of decimals of a currency's minor unit: 2 for EUR, CHF, Credits; 0 for VXC, Voucher. */
export function decimalsOf(currency: string): 0 | 2 {
  return DECIMALS[assertCurrency(currency)];
}

export const THOUSANDS_SEPARATOR = '.';
export const DECIMAL_SEPARATOR = ',';
const NBSP = '\u00a0';

function requireInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Invalid ${what} ${value}`);
}

/** Digits of a non-negative integer grouped by threes with dots: 1234567 -> "1.234.567". */
function groupDigits(value: number): string {
  const digits = String(value);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += THOUSANDS_SEPARATOR;
    out += digits[i];
  }
  return out;
}

/** Spec 9: a whole number with dot thousands separators: -1234 -> "-1.234". */
export function formatInteger(value: number): string {
  requireInteger(value, 'integer');
  return (value < 0 ? '-' : '') + groupDigits(Math.abs(value));
}

/**
 * The number part of an amount in minor units (no symbol): EUR 123456 -> "1.234,56",
 * EUR 1 -> "0,01", VXC 1234 -> "1.234". Unknown currency -> UnknownCurrencyError.
 */
export function formatAmount(amount: number, currency: string): string {
  const decimals = decimalsOf(currency);
  requireInteger(amount, 'amount');
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (decimals === 0) return sign + groupDigits(abs);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${groupDigits(whole)}${DECIMAL_SEPARATOR}${String(cents).padStart(2, '0')}`;
}

type SymbolPlacement = { before: string; after: string };
const SYMBOLS: Record<'EUR' | 'CHF', Record<MoneyLanguage, SymbolPlacement>> = {
  EUR: {
    de: { before: '', after: `${NBSP}€` },
    es: { before: '', after: `${NBSP}€` },
    nl: { before: `€${NBSP}`, after: '' },
    en: { before: '€', after: '' },
  },
  CHF: {
    de: { before: '', after: `${NBSP}CHF` },
    es: { before: '', after: `${NBSP}CHF` },
    nl: { before: `CHF${NBSP}`, after: '' },
    en: { before: `CHF${NBSP}`, after: '' },
  },
};

/**
 * Spec 9 money with its currency symbol: formatMoney(123456, 'EUR', 'de') -> "1.234,56 €",
 * ('en') -> "€1.234,56". Only EUR and CHF have a symbol; Credits, Voucher and VXC are shown
 * with a word (see money.ts messages) and are refused here with a RangeError; an unknown
 * currency is an UnknownCurrencyError.
 */
export function formatMoney(amount: number, currency: string, lang: MoneyLanguage): string {
  const known = assertCurrency(currency);
  if (known !== 'EUR' && known !== 'CHF') {
    throw new RangeError(`${known} has no currency symbol; format it with formatAmount and a unit word`);
  }
  const placement = SYMBOLS[known][lang];
  if (!placement) throw new RangeError(`Unsupported language ${lang}`);
  const number = formatAmount(amount, known);
  const negative = number.startsWith('-');
  const digits = negative ? number.slice(1) : number;
  return `${negative ? '-' : ''}${placement.before}${digits}${placement.after}`;
}

/**
 * Whole coins of a price (spec 9: 1 EUR = 4 coins, rounded up; coins have no decimals).
 * EUR cents are converted, VXC already are coins. CHF, Credits and Voucher have no coin rate
 * (RangeError); an unknown currency is an UnknownCurrencyError (spec 8).
 */
export function coinsForPrice(amount: number, currency: string): number {
  const known = assertCurrency(currency);
  switch (known) {
    case 'EUR':
      return coinsForEuroCents(amount);
    case 'VXC':
      requireInteger(amount, 'coin amount');
      if (amount < 0) throw new RangeError(`Invalid coin amount ${amount}`);
      return amount;
    default:
      throw new RangeError(`No coin conversion for currency ${known}`);
  }
}

/**
 * Spec 9 large numbers: dot thousands separators, and beyond `cap` the cap with a plus sign:
 * formatCount(12345, 9999) -> "9.999+"; formatCount(9999, 9999) -> "9.999". Without a cap the
 * number is shown in full. Counts are never negative.
 */
export function formatCount(value: number, cap?: number): string {
  requireInteger(value, 'count');
  if (value < 0) throw new RangeError(`Invalid count ${value}`);
  if (cap !== undefined) {
    requireInteger(cap, 'cap');
    if (cap < 0) throw new RangeError(`Invalid cap ${cap}`);
    if (value > cap) return `${groupDigits(cap)}+`;
  }
  return groupDigits(value);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Spec 9 durations: mm:ss below one hour, hh:mm:ss from one hour on (the "min" suffix is a
 * message in money.ts). Seconds are rounded to the nearest whole second; negative or
 * non-finite durations are a RangeError.
 */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) {
    throw new RangeError(`Invalid duration ${totalSeconds}`);
  }
  const s = Math.round(totalSeconds);
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${two(hours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
