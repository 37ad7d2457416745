import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinBalanceOf, guestBalanceFields } from './coin-balance.ts';
import { CENTS_PER_COIN, coinsForEuroCents } from './coins.ts';

describe('coinBalanceOf: the one balance in coins (spec 9, rounded down)', () => {
  it.each([
    [0, 0, '0'],
    [1, 0, '0'],
    [24, 0, '0'],
    [25, 1, '1'],
    [49, 1, '1'],
    [50, 2, '2'],
    [99, 3, '3'],
    [100, 4, '4'],
    [101, 4, '4'],
    [149, 5, '5'],
    [150, 6, '6'],
    [151, 6, '6'],
    [999, 39, '39'],
    [12_345, 493, '493'],
    [100_000, 4_000, '4.000'],
    [123_456_789, 4_938_271, '4.938.271'],
  ])('%i cents -> %i coins ("%s")', (cents, coins, formatted) => {
    expect(coinBalanceOf(cents)).toEqual({ cents, coins, formatted });
    expect(guestBalanceFields(cents)).toEqual({
      guestBalance: coins,
      guestBalanceFormatted: formatted,
      guestBalanceCents: cents,
    });
  });

  it('never shows more coins than the cents pay for, and never a whole coin less', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), (cents) => {
        const { coins } = coinBalanceOf(cents);
        expect(coins * CENTS_PER_COIN).toBeLessThanOrEqual(cents);
        expect((coins + 1) * CENTS_PER_COIN).toBeGreaterThan(cents);
        // A price rounds up: the balance shows fewer coins than the same cents as a price, unless exact.
        expect(coins).toBe(
          cents % CENTS_PER_COIN === 0 ? coinsForEuroCents(cents) : coinsForEuroCents(cents) - 1,
        );
      }),
    );
  });

  it('refuses a fractional cent amount', () => {
    expect(() => coinBalanceOf(1.5)).toThrow(RangeError);
  });
});
