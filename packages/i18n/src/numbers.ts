/**
 * Numbers inside UI text (spec 9: "large numbers use dot thousands separators", money "two decimals
 * with comma"), the same in every page language, English included: 2663 -> "2.663",
 * 12.5 -> "12,5". Whole numbers go through the one formatter of packages/domain/src/money-format.ts
 * (`formatInteger`), money through its `formatMoney`; this file only adds the fraction digits that
 * a distance or an average needs. No Intl number formatting: it would group the locale's way
 * ("2,663" in English, "2663" in Spanish).
 *
 * The translator (translate.ts) routes every ICU number of every catalogue through
 * `specNumberFormatter`: `#` in plural branches, `{x, number}` and `{x, number, ::currency/EUR}`.
 */
import type { Language } from '@vela/contracts/common';
import { DECIMAL_SEPARATOR, formatInteger, formatMoney } from '@vela/domain/money-format';

export interface NumberTextOptions {
  /** At most this many digits after the comma (default 3, as ICU); trailing zeros are dropped. */
  maximumFractionDigits?: number;
  /** At least this many digits after the comma (default 0). */
  minimumFractionDigits?: number;
}

/**
 * A number as spec 9 text: dot thousands, comma decimals, rounded half away from zero to
 * `maximumFractionDigits`. Not-finite values are written as they are ("NaN", "Infinity").
 */
export function formatNumberText(value: number, options: NumberTextOptions = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const maxDigits = Math.min(Math.max(options.maximumFractionDigits ?? 3, 0), 10);
  const minDigits = Math.min(Math.max(options.minimumFractionDigits ?? 0, 0), maxDigits);
  const factor = 10 ** maxDigits;
  const scaled = Math.round(Math.abs(value) * factor);
  const whole = Math.floor(scaled / factor);
  let fraction = maxDigits > 0 ? String(scaled % factor).padStart(maxDigits, '0') : '';
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const negative = value < 0 && (whole > 0 || (fraction.length > 0 && /[1-9]/.test(fraction)));
  const text = Number.isSafeInteger(whole) ? formatInteger(whole) : String(whole);
  return `${negative ? '-' : ''}${text}${fraction ? DECIMAL_SEPARATOR + fraction : ''}`;
}

/** The options an ICU number argument carries (its skeleton or style), as intl-messageformat passes them. */
type IcuNumberOptions = Intl.NumberFormatOptions & { scale?: number };

/**
 * What intl-messageformat calls for every number of a message (its `getNumberFormat` formatter):
 * an object with `format`, writing spec 9 text for the page language. `::currency/EUR` (and CHF)
 * write money with the symbol placement of money-format.ts; percent keeps the ICU scaling.
 */
export function specNumberFormatter(
  lang: Language,
  options: IcuNumberOptions = {},
): { format(value: number): string } {
  return {
    format(value: number | bigint): string {
      const number = Number(value);
      if (options.style === 'currency' && (options.currency === 'EUR' || options.currency === 'CHF')) {
        return formatMoney(Math.round(number * 100), options.currency, lang);
      }
      if (options.style === 'percent') {
        return `${formatNumberText(number * 100, { maximumFractionDigits: options.maximumFractionDigits ?? 0 })}\u00a0%`;
      }
      return formatNumberText(number, {
        maximumFractionDigits: options.maximumFractionDigits ?? 3,
        minimumFractionDigits: options.minimumFractionDigits ?? 0,
      });
    },
  };
}
