import { describe, expect, it } from 'vitest';
import {
  assertCurrency,
  CURRENCIES,
  coinsForPrice,
  decimalsOf,
  formatAmount,
  formatCount,
  formatDuration,
  formatInteger,
  formatMoney,
  type MoneyLanguage,
  UnknownCurrencyError,
} from './money-format.ts';

const NB = '\u00a0';

describe('currencies (spec 3: EUR, CHF, Credits, Voucher, VXC; spec 8: unknown currency is an error)', () => {
  it('knows exactly the five currencies of spec 3', () => {
    expect([...CURRENCIES]).toEqual(['EUR', 'CHF', 'Credits', 'Voucher', 'VXC']);
    for (const c of CURRENCIES) expect(assertCurrency(c)).toBe(c);
  });

  it.each(['USD', 'eur', '', 'Coins', 'vxc'])(
    'spec 8: unknown currency %j raises UnknownCurrencyError',
    (code) => {
      const call = () => formatAmount(100, code);
      expect(call).toThrow(UnknownCurrencyError);
      try {
        call();
      } catch (error) {
        expect(error).toBeInstanceOf(UnknownCurrencyError);
        expect((error as UnknownCurrencyError).code).toBe('UNKNOWN_CURRENCY');
        expect((error as UnknownCurrencyError).currency).toBe(code);
      }
      expect(() => formatMoney(100, code, 'en')).toThrow(UnknownCurrencyError);
      expect(() => coinsForPrice(100, code)).toThrow(UnknownCurrencyError);
      expect(() => decimalsOf(code)).toThrow(UnknownCurrencyError);
    },
  );

  it('minor units: cents for EUR, CHF and Credits; whole coins and vouchers', () => {
    expect(CURRENCIES.map((c) => [c, decimalsOf(c)])).toEqual([
      ['EUR', 2],
      ['CHF', 2],
      ['Credits', 2],
      ['Voucher', 0],
      ['VXC', 0],
    ]);
  });
});

describe('spec 9: money two decimals with comma, dot thousands separators', () => {
  it.each([
    [0, 'EUR', '0,00'],
    [1, 'EUR', '0,01'],
    [10, 'EUR', '0,10'],
    [199, 'EUR', '1,99'],
    [100000, 'CHF', '1.000,00'],
    [123456789, 'EUR', '1.234.567,89'],
    [-150, 'EUR', '-1,50'],
    [2550, 'Credits', '25,50'],
    [0, 'VXC', '0'],
    [1234, 'VXC', '1.234'],
    [1000000, 'VXC', '1.000.000'],
    [3, 'Voucher', '3'],
  ])('formatAmount(%d, %s) = %s', (amount, currency, text) => {
    expect(formatAmount(amount, currency)).toBe(text);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses a non-integer minor amount %d',
    (amount) => {
      expect(() => formatAmount(amount, 'EUR')).toThrow(RangeError);
      expect(() => formatMoney(amount, 'EUR', 'de')).toThrow(RangeError);
    },
  );

  it('formatInteger groups with dots and keeps the sign', () => {
    expect(formatInteger(0)).toBe('0');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(1000)).toBe('1.000');
    expect(formatInteger(-1234567)).toBe('-1.234.567');
    expect(() => formatInteger(0.5)).toThrow(RangeError);
  });
});

describe('spec 9: money with comma in every language, symbol placed by language', () => {
  const table: [MoneyLanguage, number, 'EUR' | 'CHF', string][] = [
    ['de', 123456, 'EUR', `1.234,56${NB}€`],
    ['en', 123456, 'EUR', '€1.234,56'],
    ['nl', 123456, 'EUR', `€${NB}1.234,56`],
    ['es', 123456, 'EUR', `1.234,56${NB}€`],
    ['de', 1, 'EUR', `0,01${NB}€`],
    ['en', 1, 'EUR', '€0,01'],
    ['nl', 1, 'EUR', `€${NB}0,01`],
    ['es', 1, 'EUR', `0,01${NB}€`],
    ['de', 0, 'EUR', `0,00${NB}€`],
    ['en', 0, 'EUR', '€0,00'],
    ['nl', 0, 'EUR', `€${NB}0,00`],
    ['es', 0, 'EUR', `0,00${NB}€`],
    ['de', 1234, 'CHF', `12,34${NB}CHF`],
    ['en', 1234, 'CHF', `CHF${NB}12,34`],
    ['nl', 1234, 'CHF', `CHF${NB}12,34`],
    ['es', 1234, 'CHF', `12,34${NB}CHF`],
    ['de', -150, 'EUR', `-1,50${NB}€`],
    ['en', -150, 'EUR', '-€1,50'],
    ['nl', -150, 'EUR', `-€${NB}1,50`],
    ['es', -150, 'CHF', `-1,50${NB}CHF`],
  ];
  it.each(table)('%s: formatMoney(%d, %s) = %j', (lang, amount, currency, text) => {
    expect(formatMoney(amount, currency, lang)).toBe(text);
  });

  it.each(['Credits', 'Voucher', 'VXC'])(
    '%s has no symbol: formatMoney refuses it (a word is used instead)',
    (c) => {
      expect(() => formatMoney(100, c, 'en')).toThrow(RangeError);
      expect(() => formatMoney(100, c, 'en')).not.toThrow(UnknownCurrencyError);
    },
  );

  it('refuses an unsupported language', () => {
    expect(() => formatMoney(100, 'EUR', 'fr' as MoneyLanguage)).toThrow(RangeError);
  });
});

describe('spec 9: 1 EUR = 4 coins, rounded up; coins without decimals', () => {
  it.each([
    [0, 'EUR', 0],
    [1, 'EUR', 1],
    [25, 'EUR', 1],
    [26, 'EUR', 2],
    [100, 'EUR', 4],
    [199, 'EUR', 8],
    [250000, 'EUR', 10000],
    [7, 'VXC', 7],
  ])('coinsForPrice(%d, %s) = %d', (amount, currency, coins) => {
    expect(coinsForPrice(amount, currency)).toBe(coins);
    expect(Number.isInteger(coinsForPrice(amount, currency))).toBe(true);
  });

  it.each(['CHF', 'Credits', 'Voucher'])('%s has no coin rate: RangeError naming the currency', (c) => {
    expect(() => coinsForPrice(100, c)).toThrow(new RegExp(c));
    expect(() => coinsForPrice(100, c)).not.toThrow(UnknownCurrencyError);
  });

  it('refuses negative or fractional prices', () => {
    expect(() => coinsForPrice(-1, 'EUR')).toThrow(RangeError);
    expect(() => coinsForPrice(-1, 'VXC')).toThrow(RangeError);
    expect(() => coinsForPrice(1.5, 'VXC')).toThrow(RangeError);
  });
});

describe('spec 9: large numbers use dot thousands separators with plus sign beyond a cap', () => {
  it.each([
    [0, undefined, '0'],
    [999, undefined, '999'],
    [1000, undefined, '1.000'],
    [1234567, undefined, '1.234.567'],
    [999, 999, '999'],
    [1000, 999, '999+'],
    [9999, 9999, '9.999'],
    [10000, 9999, '9.999+'],
    [12345678, 9999, '9.999+'],
    [5, 0, '0+'],
  ])('formatCount(%d, cap %s) = %s', (value, cap, text) => {
    expect(formatCount(value, cap)).toBe(text);
  });

  it('counts and caps are never negative or fractional', () => {
    expect(() => formatCount(-1)).toThrow(RangeError);
    expect(() => formatCount(1.5)).toThrow(RangeError);
    expect(() => formatCount(1, -1)).toThrow(RangeError);
  });
});

describe('spec 9: durations mm:ss or hh:mm:ss', () => {
  it.each([
    [0, '00:00'],
    [1, '00:01'],
    [65, '01:05'],
    [59.6, '01:00'],
    [3599, '59:59'],
    [3600, '01:00:00'],
    [3 * 3600 + 62, '03:01:02'],
    [100 * 3600, '100:00:00'],
  ])('formatDuration(%d) = %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses the invalid duration %d', (seconds) => {
    expect(() => formatDuration(seconds)).toThrow(RangeError);
  });
});
