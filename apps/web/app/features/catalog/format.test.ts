import { CurrencySchema, LANGUAGES, type Language, type Price } from '@vela/contracts/common';
import { CURRENCIES } from '@vela/domain/money-format';
import { describe, expect, it } from 'vitest';
import {
  formatChatPrice,
  formatCoins,
  formatCount,
  formatDate,
  formatDuration,
  formatDurationLabel,
  formatPrice,
  formatPriceInCoins,
  languageName,
  perMinute,
  priceInCoins,
  UnknownCurrencyError,
} from './format.ts';

const NB = '\u00a0';

describe('prices in coins (spec 9; the rounding rule is tested in packages/domain/src/coins.test.ts)', () => {
  it('shows EUR prices in coins, keeps VXC, and rejects a currency without a coin rate', () => {
    expect(priceInCoins({ value: 199, currency: 'EUR' })).toBe(8);
    expect(priceInCoins({ value: 7, currency: 'VXC' })).toBe(7);
    expect(() => priceInCoins({ value: 100, currency: 'Credits' })).toThrow(/Credits/);
  });

  it('spec 8: a price in an unknown currency raises UnknownCurrencyError', () => {
    const price = { value: 100, currency: 'USD' } as unknown as Price;
    expect(() => priceInCoins(price)).toThrow(UnknownCurrencyError);
    for (const lang of LANGUAGES) {
      expect(() => formatPrice(price, lang)).toThrow(UnknownCurrencyError);
      expect(() => formatChatPrice(price, lang)).toThrow(UnknownCurrencyError);
    }
  });

  it('the domain knows exactly the currencies of the contract (spec 3)', () => {
    expect([...CURRENCIES].sort()).toEqual([...CurrencySchema.options].sort());
  });
});

describe('spec 9: coins without decimals, dot thousands separators, in four languages', () => {
  const table: [Language, number, string][] = [
    ['en', 0, '0 coins'],
    ['en', 1, '1 coin'],
    ['en', 8, '8 coins'],
    ['en', 1234, '1.234 coins'],
    ['de', 1, '1 Coin'],
    ['de', 1234, '1.234 Coins'],
    ['nl', 1, '1 coin'],
    ['nl', 1234567, '1.234.567 coins'],
    ['es', 1, '1 moneda'],
    ['es', 1234, '1.234 monedas'],
  ];
  it.each(table)('%s: formatCoins(%d) = %j', (lang, coins, text) => {
    expect(formatCoins(coins, lang)).toBe(text);
  });

  it.each(LANGUAGES)('%s: EUR prices rounded up to coins (1 EUR = 4 coins): EUR 1,99 -> 8', (lang) => {
    expect(formatPriceInCoins({ value: 199, currency: 'EUR' }, lang)).toMatch(/^8 /);
    expect(formatPriceInCoins({ value: 1, currency: 'EUR' }, lang)).toMatch(/^1 /);
  });
});

describe('spec 9: prices in their own currency (money two decimals with comma) in four languages', () => {
  const table: [Language, Price, string][] = [
    ['de', { value: 123456, currency: 'EUR' }, `1.234,56${NB}€`],
    ['en', { value: 123456, currency: 'EUR' }, '€1.234,56'],
    ['nl', { value: 123456, currency: 'EUR' }, `€${NB}1.234,56`],
    ['es', { value: 123456, currency: 'EUR' }, `1.234,56${NB}€`],
    ['de', { value: 1, currency: 'CHF' }, `0,01${NB}CHF`],
    ['en', { value: 1, currency: 'CHF' }, `CHF${NB}0,01`],
    ['en', { value: 2500, currency: 'VXC' }, '2.500 coins'],
    ['es', { value: 1, currency: 'VXC' }, '1 moneda'],
    ['en', { value: 100, currency: 'Credits' }, '1,00 credit'],
    ['de', { value: 2550, currency: 'Credits' }, '25,50 Credits'],
    ['nl', { value: 123456, currency: 'Credits' }, '1.234,56 credits'],
    ['es', { value: 150, currency: 'Credits' }, '1,50 créditos'],
    ['en', { value: 1, currency: 'Voucher' }, '1 voucher'],
    ['de', { value: 3, currency: 'Voucher' }, '3 Gutscheine'],
    ['nl', { value: 2, currency: 'Voucher' }, '2 vouchers'],
    ['es', { value: 1, currency: 'Voucher' }, '1 vale'],
  ];
  it.each(table)('%s: formatPrice(%o) = %j', (lang, price, text) => {
    expect(formatPrice(price, lang)).toBe(text);
  });
});

describe('spec 9: chat price shown as amount followed by per minute', () => {
  const table: [Language, string][] = [
    ['en', '8 coins per minute'],
    ['de', '8 Coins pro Minute'],
    ['nl', '8 coins per minuut'],
    ['es', '8 monedas por minuto'],
  ];
  it.each(table)('%s: EUR 1,99 per minute = %j', (lang, text) => {
    expect(formatChatPrice({ value: 199, currency: 'EUR' }, lang)).toBe(text);
  });

  it.each(LANGUAGES)('%s: the amount comes first, whatever it is', (lang) => {
    const text = perMinute(`1,50${NB}€`, lang);
    expect(text.startsWith(`1,50${NB}€ `)).toBe(true);
    expect(text.length).toBeGreaterThan(`1,50${NB}€ `.length);
  });
});

describe('spec 9: durations with min suffix in four languages', () => {
  const table: [Language, number, string][] = [
    ['en', 65, '01:05 min'],
    ['de', 65, '01:05 min'],
    ['nl', 3600, '01:00:00 min'],
    ['es', 3 * 3600 + 62, '03:01:02 min'],
  ];
  it.each(table)('%s: formatDurationLabel(%d) = %j', (lang, seconds, text) => {
    expect(formatDurationLabel(seconds, lang)).toBe(text);
  });

  it('refuses a negative duration', () => {
    expect(() => formatDurationLabel(-1, 'en')).toThrow(RangeError);
  });
});

describe('spec 9: large numbers with plus sign beyond a cap', () => {
  it('shows the cap with a plus sign', () => {
    expect(formatCount(10000, 9999)).toBe('9.999+');
    expect(formatCount(1000, 999)).toBe('999+');
    expect(formatCount(999, 999)).toBe('999');
  });
});

describe('durations (spec 9: mm:ss or hh:mm:ss)', () => {
  it('uses mm:ss below one hour', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3599)).toBe('59:59');
  });

  it('uses hh:mm:ss from one hour on', () => {
    expect(formatDuration(3600)).toBe('01:00:00');
    expect(formatDuration(3 * 3600 + 62)).toBe('03:01:02');
  });
});

describe('localized dates and language names', () => {
  it('formats a date in the page language, independent of the time zone', () => {
    const iso = '2026-03-01T23:30:00Z';
    expect(formatDate(iso, 'de')).toBe('01.03.2026');
    expect(formatDate(iso, 'en')).toBe('1 Mar 2026');
    expect(formatDate(iso, 'es')).toMatch(/1 mar 2026/);
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
  });

  it('names spoken languages in the page language', () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('en', 'de')).toBe('Englisch');
    expect(languageName('nl', 'nl')).toBe('Nederlands');
  });
});
