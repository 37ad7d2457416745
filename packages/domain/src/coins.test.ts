import { describe, expect, it } from 'vitest';
import { COINS_PER_EUR, coinsForEuroCents } from './coins.ts';

describe('coins (spec 9)', () => {
  it('1 EUR = 4 coins', () => {
    expect(COINS_PER_EUR).toBe(4);
    expect(coinsForEuroCents(100)).toBe(4);
  });

  it('euro amounts are rounded up to whole coins (no decimals)', () => {
    expect(coinsForEuroCents(1)).toBe(1);
    expect(coinsForEuroCents(26)).toBe(2);
    expect(coinsForEuroCents(199)).toBe(8);
    expect(coinsForEuroCents(0)).toBe(0);
  });

  it('refuses fractional or negative cent amounts', () => {
    expect(() => coinsForEuroCents(1.5)).toThrow(RangeError);
    expect(() => coinsForEuroCents(-1)).toThrow(RangeError);
  });
});
