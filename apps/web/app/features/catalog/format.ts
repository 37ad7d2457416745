/**
 * Display formatting of catalogue values (spec 9): coins, durations, dates, numbers.
 * The coin rule itself (1 EUR = 4 coins, rounded up) is `coinsForEuroCents` in packages/domain.
 */
import type { Language, Price } from '@vela/contracts/common';
import { coinsForEuroCents } from '@vela/domain/coins';
import { localeOf } from '@vela/i18n/translate';

/**
 * A price in whole coins: EUR prices are converted, VXC prices already are coins. Any other
 * currency has no coin rate and is an error (spec 8: unknown currency raises an error).
 */
export function priceInCoins(price: Price): number {
  switch (price.currency) {
    case 'EUR':
      return coinsForEuroCents(price.value);
    case 'VXC':
      return price.value;
    default:
      throw new Error(`No coin conversion for currency ${price.currency}`);
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** Spec 9: durations as mm:ss, or hh:mm:ss from one hour on (the "min" suffix is in the message). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${two(hours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
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
