import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CENTS_PER_COIN, coinsForEuroCents } from './coins.ts';
import { receiptCoinLines } from './receipt-coins.ts';

describe('receipt lines in whole coins that add up to the total (spec 9, issue 16)', () => {
  it('three minutes of 110 cents (4.4 coins each): 330 cents are 14 coins, and the lines add up to 14 (not 3 x 5)', () => {
    const lines = receiptCoinLines([110, 110, 110]);
    expect(lines).toEqual([5, 4, 5]);
    expect(coinsForEuroCents(330)).toBe(14);
  });

  it('a voucher minute (0 cents) shows 0 coins; a partial minute its share', () => {
    expect(receiptCoinLines([0, 200, 66])).toEqual([0, 8, 3]);
    expect(receiptCoinLines([])).toEqual([]);
  });

  it('property: the lines add up to the total rounded up once, every running sum is the meter, each line within a coin of exact', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 60 }), (cents) => {
        const lines = receiptCoinLines(cents);
        expect(lines).toHaveLength(cents.length);
        let running = 0;
        let shown = 0;
        cents.forEach((amount, i) => {
          running += amount;
          shown += lines[i]!;
          // What the cost meter showed after this minute (spent, rounded up once).
          expect(shown).toBe(coinsForEuroCents(running));
          const exact = amount / CENTS_PER_COIN;
          expect(lines[i]!).toBeGreaterThanOrEqual(Math.floor(exact));
          expect(lines[i]!).toBeLessThanOrEqual(Math.ceil(exact));
        });
      }),
    );
  });
});
