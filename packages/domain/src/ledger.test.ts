import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_KINDS,
  balanceAfter,
  mayGoNegative,
  reversePostings,
  splitPurchase,
  transferViolation,
} from './ledger.ts';

describe('ledger rules (issue 4: double-entry, integer cents)', () => {
  it('a valid transfer has at least 2 postings on distinct accounts summing to zero', () => {
    expect(
      transferViolation([
        { account: 1, amountCents: -500 },
        { account: 2, amountCents: 500 },
      ]),
    ).toBeNull();
    expect(
      transferViolation([
        { account: 1, amountCents: -500 },
        { account: 2, amountCents: 250 },
        { account: 3, amountCents: 250 },
      ]),
    ).toBeNull();
  });

  it('a transfer with fewer than 2 postings is refused', () => {
    expect(transferViolation([])?.violation).toBe('TOO_FEW_POSTINGS');
    expect(transferViolation([{ account: 1, amountCents: 5 }])?.violation).toBe('TOO_FEW_POSTINGS');
  });

  it('amounts are non-zero safe integers of cents', () => {
    expect(
      transferViolation([
        { account: 1, amountCents: -1.5 },
        { account: 2, amountCents: 1.5 },
      ])?.violation,
    ).toBe('INVALID_AMOUNT');
    expect(
      transferViolation([
        { account: 1, amountCents: Number.NaN },
        { account: 2, amountCents: 1 },
      ])?.violation,
    ).toBe('INVALID_AMOUNT');
    expect(
      transferViolation([
        { account: 1, amountCents: 2 ** 53 },
        { account: 2, amountCents: -(2 ** 53) },
      ])?.violation,
    ).toBe('INVALID_AMOUNT');
    expect(
      transferViolation([
        { account: 1, amountCents: 0 },
        { account: 2, amountCents: 0 },
      ])?.violation,
    ).toBe('ZERO_AMOUNT');
  });

  it('the sum of a transfer must be exactly zero', () => {
    expect(
      transferViolation([
        { account: 1, amountCents: -500 },
        { account: 2, amountCents: 499 },
      ])?.violation,
    ).toBe('NOT_BALANCED');
  });

  it('no account may appear twice in one transfer', () => {
    expect(
      transferViolation([
        { account: 1, amountCents: -5 },
        { account: 1, amountCents: 5 },
      ])?.violation,
    ).toBe('DUPLICATE_ACCOUNT');
  });

  it('only provider clearing may go negative; wallets, vouchers, revenue and earnings never', () => {
    expect(ACCOUNT_KINDS.filter(mayGoNegative)).toEqual(['provider-clearing', 'promotions']);
    expect(balanceAfter('guest-wallet', 100, -100)).toBe(0);
    expect(balanceAfter('guest-wallet', 100, -101)).toBeNull();
    expect(balanceAfter('voucher', 0, -1)).toBeNull();
    expect(balanceAfter('platform-revenue', 0, -1)).toBeNull();
    expect(balanceAfter('performer-earnings', 0, -1)).toBeNull();
    expect(balanceAfter('provider-clearing', 0, -1000)).toBe(-1000);
  });

  it('property: any zero-sum transfer reversed also sums to zero and undoes every balance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        (credits) => {
          const total = credits.reduce((a, b) => a + b, 0);
          const postings = [
            { account: 0, amountCents: -total },
            ...credits.map((c, i) => ({ account: i + 1, amountCents: c })),
          ];
          expect(transferViolation(postings)).toBeNull();
          const reversed = reversePostings(postings);
          expect(transferViolation(reversed)).toBeNull();
          for (const [i, p] of postings.entries())
            expect(p.amountCents + (reversed[i]?.amountCents ?? 0)).toBe(0);
        },
      ),
    );
  });

  it('property: a purchase split never loses or invents a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (price, share) => {
          const { performerCents, platformCents } = splitPurchase(price, share);
          expect(performerCents + platformCents).toBe(price);
          expect(Number.isInteger(performerCents) && performerCents >= 0).toBe(true);
          expect(platformCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
