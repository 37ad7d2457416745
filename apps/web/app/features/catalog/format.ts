/**
 * Display formatting of catalogue values (spec 9): coins, money, chat prices, durations, counts,
 * dates. The number rules (1 EUR = 4 coins rounded up, decimal comma and dot thousands in every
 * language, "9.999+" caps, mm:ss / hh:mm:ss, UnknownCurrencyError of spec 8) are pure functions
 * in packages/domain/src/money-format.ts; this file adds the words of the page language
 * (packages/i18n/src/messages/money.ts).
 */
import type { Language, Price } from '@vela/contracts/common';
import {
  assertCurrency,
  coinsForPrice,
  formatAmount,
  formatDuration,
  formatInteger,
  formatMoney,
} from '@vela/domain/money-format';
import { moneyMessages } from '@vela/i18n/messages/money';
import { localeOf, translator } from '@vela/i18n/translate';

export { formatCount, formatDuration, UnknownCurrencyError } from '@vela/domain/money-format';

const money = (lang: Language) => translator(moneyMessages, lang);

/**
 * A price in whole coins: EUR prices are converted (1 EUR = 4 coins, rounded up), VXC prices
 * already are coins. CHF, Credits and Voucher have no coin rate (RangeError); an unknown
 * currency is an UnknownCurrencyError (spec 8).
 */
export function priceInCoins(price: Price): number {
  return coinsForPrice(price.value, price.currency);
}

/** Spec 9 coins without decimals, dot thousands: "1 coin", "1.234 Coins", "8 monedas". */
export function formatCoins(coins: number, lang: Language): string {
  return money(lang)('coins', { count: coins, amount: formatInteger(coins) });
}

/** A catalogue price shown in coins ("8 coins" for EUR 1,99). */
export function formatPriceInCoins(price: Price, lang: Language): string {
  return formatCoins(priceInCoins(price), lang);
}

/**
 * A price in its own currency: EUR/CHF with symbol ("1,99 €", "€1,99"), VXC as coins, Credits
 * with two decimals and the word, Voucher as a number of vouchers.
 */
export function formatPrice(price: Price, lang: Language): string {
  const currency = assertCurrency(price.currency);
  switch (currency) {
    case 'EUR':
    case 'CHF':
      return formatMoney(price.value, currency, lang);
    case 'VXC':
      return formatCoins(price.value, lang);
    case 'Credits':
      return money(lang)('credits', {
        count: price.value / 100,
        amount: formatAmount(price.value, currency),
      });
    case 'Voucher':
      return money(lang)('vouchers', { count: price.value, amount: formatAmount(price.value, currency) });
  }
}

/** Spec 9 chat price: an already formatted amount followed by "per minute" in the page language. */
export function perMinute(price: string, lang: Language): string {
  return money(lang)('perMinute', { price });
}

/** Spec 9 chat price in coins: "8 coins per minute", "8 Coins pro Minute". */
export function formatChatPrice(price: Price, lang: Language): string {
  return perMinute(formatPriceInCoins(price, lang), lang);
}

/** Spec 9 duration with the "min" suffix: "01:05 min", "01:00:00 min". */
export function formatDurationLabel(totalSeconds: number, lang: Language): string {
  return money(lang)('duration', { duration: formatDuration(totalSeconds) });
}

/**
 * A calendar date in the page language. Formatted in UTC so the server-rendered text and the
 * hydrated text are the same whatever the time zone of server and browser.
 */
export function formatDate(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date ${iso}`);
  return perLanguage(
    dateFormats,
    lang,
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date);
}

/** Name of a language in the page language ("Deutsch", "German", "alemán"). */
export function languageName(code: string, lang: Language): string {
  return (
    perLanguage(languageNames, lang, (locale) => new Intl.DisplayNames([locale], { type: 'language' })).of(
      code,
    ) ?? code
  );
}

// Intl formatters are costly to build (a page renders dozens of dates): one per language, reused.
const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const languageNames = new Map<Language, Intl.DisplayNames>();

function perLanguage<T>(cache: Map<Language, T>, lang: Language, create: (locale: string) => T): T {
  let value = cache.get(lang);
  if (!value) {
    value = create(localeOf(lang));
    cache.set(lang, value);
  }
  return value;
}
