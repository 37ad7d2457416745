import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, languageName, priceInCoins } from './format.ts';

describe('prices in coins (spec 9; the rounding rule is tested in packages/domain/src/coins.test.ts)', () => {
  it('shows EUR prices in coins, keeps VXC, and rejects a currency without a coin rate', () => {
    expect(priceInCoins({ value: 199, currency: 'EUR' })).toBe(8);
    expect(priceInCoins({ value: 7, currency: 'VXC' })).toBe(7);
    expect(() => priceInCoins({ value: 100, currency: 'Credits' })).toThrow(/Credits/);
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
