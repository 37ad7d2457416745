import { describe, expect, it } from 'vitest';
import {
  AUTO_RECHARGE_AMOUNTS_CENTS,
  amountProblem,
  autoRechargeDecision,
  berlinMonthBounds,
  berlinMonthOf,
  cardBrandOf,
  cardDigits,
  cardExpired,
  cardLabel,
  ibanLabel,
  ibanValid,
  limitAllows,
  limitRemaining,
  luhnValid,
  MAX_CHARGE_CENTS,
  MIN_CHARGE_CENTS,
  TOP_UP_AMOUNTS_CENTS,
  TRIAL_CHARGE_CENTS,
  trialAvailable,
} from './payments.ts';

describe('charge amounts (issue 4: presets, bounds, trial)', () => {
  it('presets lie inside the bounds of one charge', () => {
    for (const amount of [...TOP_UP_AMOUNTS_CENTS, ...AUTO_RECHARGE_AMOUNTS_CENTS]) {
      expect(amountProblem('moneycharge', amount)).toBeNull();
    }
  });
  it('amounts below the minimum or above the maximum are refused', () => {
    expect(amountProblem('moneycharge', MIN_CHARGE_CENTS - 1)).toBe('AMOUNT_OUT_OF_RANGE');
    expect(amountProblem('moneycharge', MIN_CHARGE_CENTS)).toBeNull();
    expect(amountProblem('moneycharge', MAX_CHARGE_CENTS)).toBeNull();
    expect(amountProblem('oneclick', MAX_CHARGE_CENTS + 1)).toBe('AMOUNT_OUT_OF_RANGE');
    expect(amountProblem('moneycharge', 1000.5)).toBe('AMOUNT_OUT_OF_RANGE');
  });
  it('flow trialmoneycharge charges exactly the fixed trial amount', () => {
    expect(amountProblem('trialmoneycharge', TRIAL_CHARGE_CENTS)).toBeNull();
    expect(amountProblem('trialmoneycharge', 1000)).toBe('TRIAL_AMOUNT_FIXED');
  });
  it('the trial is offered once and only to a guest who never paid', () => {
    expect(trialAvailable({ isPayingCustomer: false, trialUsed: false })).toBe(true);
    expect(trialAvailable({ isPayingCustomer: true, trialUsed: false })).toBe(false);
    expect(trialAvailable({ isPayingCustomer: false, trialUsed: true })).toBe(false);
  });
});

describe('cards: Luhn, brand, label, expiry', () => {
  it('accepts the sandbox test numbers and refuses a wrong check digit', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000003220']) {
      expect(luhnValid(n), n).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4242x')).toBe(false);
  });
  it('reads digits with spaces and dashes, refuses letters and wrong lengths', () => {
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242-4242-4242-4242')).toBe('4242424242424242');
    expect(cardDigits('4242 4242 4242 424a')).toBeNull();
    expect(cardDigits('4242')).toBeNull();
  });
  it('names the brand and shows only the last four digits', () => {
    expect(cardBrandOf('4242424242424242')).toBe('Visa');
    expect(cardBrandOf('5555555555554444')).toBe('Mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('Mastercard');
    expect(cardBrandOf('378282246310005')).toBe('American Express');
    expect(cardBrandOf('6011111111111117')).toBe('Card');
    expect(cardLabel('4242424242424242')).toBe('Visa •••• 4242');
  });
  it('a card is valid through the last day of its expiry month', () => {
    expect(cardExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(cardExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(cardExpired(12, 2026, new Date('2026-12-31T12:00:00Z'))).toBe(false);
    expect(cardExpired(12, 2026, new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('IBAN: country length and mod-97', () => {
  it('accepts valid IBANs with or without spaces, any case', () => {
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('DE62370400440532013001')).toBe(true);
    expect(ibanValid('de89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanValid('NL91ABNA0417164300')).toBe(true);
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
  });
  it('refuses a wrong check sum, a wrong length, unknown countries and bad characters', () => {
    expect(ibanValid('DE89370400440532013001')).toBe(false);
    expect(ibanValid('DE8937040044053201300')).toBe(false);
    expect(ibanValid('XX89370400440532013000')).toBe(false);
    expect(ibanValid('DE89-3704-0044-0532-0130-00')).toBe(false);
  });
  it('labels a mandate by country, check digits and last four', () => {
    expect(ibanLabel('DE89 3704 0044 0532 0130 00')).toBe('DE89 •••• 3000');
  });
});

describe('monthly limit in Europe/Berlin calendar months (flow limit)', () => {
  it('a month starts at Berlin midnight of the 1st: 23:00 UTC in winter, 22:00 UTC in summer', () => {
    expect(berlinMonthBounds(new Date('2026-01-15T12:00:00Z'))).toEqual({
      start: new Date('2025-12-31T23:00:00Z'),
      end: new Date('2026-01-31T23:00:00Z'),
    });
    expect(berlinMonthBounds(new Date('2026-07-10T12:00:00Z'))).toEqual({
      start: new Date('2026-06-30T22:00:00Z'),
      end: new Date('2026-07-31T22:00:00Z'),
    });
    // March: starts in winter time, ends in summer time.
    expect(berlinMonthBounds(new Date('2026-03-29T12:00:00Z'))).toEqual({
      start: new Date('2026-02-28T23:00:00Z'),
      end: new Date('2026-03-31T22:00:00Z'),
    });
  });
  it('late evening UTC on the last day already belongs to the next Berlin month', () => {
    expect(berlinMonthOf(new Date('2026-04-30T22:30:00Z'))).toEqual({ year: 2026, month: 5 });
    expect(berlinMonthOf(new Date('2026-12-31T23:00:00Z'))).toEqual({ year: 2027, month: 1 });
    expect(berlinMonthOf(new Date('2026-12-31T22:59:59Z'))).toEqual({ year: 2026, month: 12 });
  });
  it('a charge may reach the limit but not pass it; no limit allows everything', () => {
    expect(limitAllows(5000, 3000, 2000)).toBe(true);
    expect(limitAllows(5000, 3000, 2001)).toBe(false);
    expect(limitAllows(null, 10_000_000, 100_000)).toBe(true);
    expect(limitRemaining(5000, 3000)).toBe(2000);
    expect(limitRemaining(5000, 7000)).toBe(0);
    expect(limitRemaining(null, 7000)).toBeNull();
  });
});

describe('auto-recharge decision', () => {
  const base = {
    settings: { enabled: true, thresholdCents: 500, amountCents: 2000 },
    hasMethod: true,
    restricted: false,
    rechargeOpen: false,
    change: { kind: 'purchase', amountCents: -300, balanceAfterCents: 400 },
  };
  it('a debit that leaves the balance below the threshold charges the configured amount', () => {
    expect(autoRechargeDecision(base)).toEqual({ charge: true, amountCents: 2000 });
  });
  it('never on a top-up or any credit (no recursion)', () => {
    expect(
      autoRechargeDecision({
        ...base,
        change: { kind: 'top-up', amountCents: 2000, balanceAfterCents: 100 },
      }),
    ).toMatchObject({ charge: false, reason: 'not-a-debit' });
    expect(
      autoRechargeDecision({ ...base, change: { kind: 'refund', amountCents: 300, balanceAfterCents: 100 } }),
    ).toMatchObject({ charge: false, reason: 'not-a-debit' });
  });
  it('not when disabled, without a stored method, for a restricted guest, at or above the threshold, or while one is open', () => {
    expect(autoRechargeDecision({ ...base, settings: { ...base.settings, enabled: false } }).charge).toBe(
      false,
    );
    expect(autoRechargeDecision({ ...base, hasMethod: false }).charge).toBe(false);
    expect(autoRechargeDecision({ ...base, restricted: true }).charge).toBe(false);
    expect(autoRechargeDecision({ ...base, change: { ...base.change, balanceAfterCents: 500 } }).charge).toBe(
      false,
    );
    expect(autoRechargeDecision({ ...base, rechargeOpen: true }).charge).toBe(false);
  });
});
