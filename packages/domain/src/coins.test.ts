import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceCoinsForEuroCents, COINS_PER_EUR, coinsForEuroCents } from './coins.ts';

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

describe('balanceCoinsForEuroCents (balances round down, so shown coins always cover a price)', () => {
  it('10,01 € shows 40 coins while a 10,25 € price shows 41 (the balance cannot pay it)', () => {
    expect(balanceCoinsForEuroCents(1001)).toBe(40);
    expect(coinsForEuroCents(1025)).toBe(41);
    expect(balanceCoinsForEuroCents(1025)).toBe(41);
    expect(balanceCoinsForEuroCents(0)).toBe(0);
    expect(balanceCoinsForEuroCents(24)).toBe(0);
  });

  it('a balance showing at least a price in coins always covers the price', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (balance, priceCents) => {
        if (balanceCoinsForEuroCents(balance) >= coinsForEuroCents(priceCents))
          expect(balance).toBeGreaterThanOrEqual(priceCents);
      }),
    );
  });
});
