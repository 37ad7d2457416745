import { describe, expect, it } from 'vitest';
import { amountProblem, coinsForCentsText, euros, parseEuroAmount, remainingOfLimit } from './amounts.ts';

const bounds = { minChargeCents: 500, maxChargeCents: 100_000, monthlyLimitCents: null, monthToDateCents: 0 };

describe('amounts of the charge views (spec 9 money and coins)', () => {
  it('reads euro amounts with a decimal comma, a decimal point or dot thousands', () => {
    expect(parseEuroAmount('20')).toBe(2000);
    expect(parseEuroAmount('20,5')).toBe(2050);
    expect(parseEuroAmount('20,50 €')).toBe(2050);
    expect(parseEuroAmount('20.50')).toBe(2050);
    expect(parseEuroAmount('1.000')).toBe(100_000);
    expect(parseEuroAmount('1.000,99')).toBe(100_099);
    for (const bad of ['', 'abc', '20,505', '-5', '0', '1,2,3', '1.00.0'])
      expect(parseEuroAmount(bad)).toBeNull();
  });

  it('an amount outside the charge bounds or beyond the monthly limit is refused with its reason', () => {
    expect(amountProblem(null, bounds)).toBe('amountInvalid');
    expect(amountProblem(499, bounds)).toBe('amountTooSmall');
    expect(amountProblem(100_001, bounds)).toBe('amountTooLarge');
    expect(amountProblem(2000, bounds)).toBeNull();
    const limited = { ...bounds, monthlyLimitCents: 5000, monthToDateCents: 4000 };
    expect(amountProblem(1000, limited)).toBeNull();
    expect(amountProblem(1500, limited)).toBe('amountOverLimit');
    expect(remainingOfLimit(limited)).toBe(1000);
    expect(remainingOfLimit(bounds)).toBeNull();
  });

  it('1 EUR = 4 coins rounded up, money with decimal comma in every language (spec 9)', () => {
    expect(coinsForCentsText(2000, 'en')).toBe('80 coins');
    expect(coinsForCentsText(2010, 'de')).toBe('81 Coins');
    expect(coinsForCentsText(25, 'es')).toBe('1 moneda');
    expect(coinsForCentsText(100_000, 'nl')).toBe('4.000 coins');
    expect(euros(2000, 'en')).toBe('€20,00');
    expect(euros(2000, 'de')).toBe('20,00\u00a0€');
  });
});
