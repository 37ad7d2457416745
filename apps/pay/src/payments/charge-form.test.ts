import type { PaymentSettings } from '@vela/contracts/payment-api';
import { payPaymentMessages } from '@vela/i18n/messages/pay-payment';
import { translator } from '@vela/i18n/translate';
import { describe, expect, it } from 'vitest';
import {
  afterDecline,
  buildChargeRequest,
  type ChargeFormValues,
  initialChargeForm,
  OTHER_AMOUNT,
} from './charge-form.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const settings: PaymentSettings = {
  oneClickEnabled: false,
  autoRecharge: { enabled: false, thresholdCents: 500, amountCents: 2000 },
  monthlyLimitCents: null,
  monthToDateCents: 0,
  amountsCents: [1000, 2000, 5000, 10000],
  autoRechargeAmountsCents: [1000, 2000, 5000],
  minChargeCents: 500,
  maxChargeCents: 100_000,
  trial: { available: true, amountCents: 100 },
  methods: [],
};
const stored = { id: 'm1', paytype: 'CC' as const, label: 'Visa •••• 4242', createdAt: 'x' };
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holder: 'Anna Test' };

/** The charge request of `values`: a moneycharge with these settings and no stored method unless told otherwise. */
function build(values: ChargeFormValues, input: Partial<Parameters<typeof buildChargeRequest>[0]> = {}) {
  return buildChargeRequest({
    flow: 'moneycharge',
    values,
    settings,
    methods: [],
    fixedAmountCents: null,
    now: NOW,
    ...input,
  });
}

describe('charge form -> ChargeRequest (paytypes CC, LS, Voice of spec 9)', () => {
  it('starts on the second preset with the stored method, else a new card', () => {
    expect(initialChargeForm(settings, [])).toMatchObject({ amount: '2000', method: 'CC', save: true });
    expect(initialChargeForm(settings, [stored]).method).toBe('stored:m1');
  });

  it('a new card: the preset amount, the card and "save for one-click"', () => {
    const values = { ...initialChargeForm(settings, []), card };
    expect(build(values)).toEqual({
      request: {
        flow: 'moneycharge',
        paytype: 'CC',
        amountCents: 2000,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holder: 'Anna Test' },
        saveMethod: true,
      },
    });
  });

  it('a stored method sends no card; SEPA sends the compact IBAN; Voice is flow voice without card', () => {
    const base = { ...initialChargeForm(settings, [stored]) };
    const withStored = (patch: object) => build({ ...base, ...patch }, { methods: [stored] });
    expect(withStored({})).toEqual({ request: { flow: 'moneycharge', paytype: 'CC', amountCents: 2000 } });
    expect(
      withStored({
        method: 'LS',
        sepa: { iban: 'DE89 3704 0044 0532 0130 00', holder: 'Anna' },
        save: false,
      }),
    ).toEqual({
      request: {
        flow: 'moneycharge',
        paytype: 'LS',
        amountCents: 2000,
        sepa: { iban: 'DE89370400440532013000', holder: 'Anna' },
        saveMethod: false,
      },
    });
    expect(withStored({ method: 'Voice', amount: '5000' })).toEqual({
      request: { flow: 'voice', paytype: 'Voice', amountCents: 5000 },
    });
  });

  it('another amount must lie within min/max and the monthly limit; problems are reported per field', () => {
    const values = {
      ...initialChargeForm(settings, []),
      amount: OTHER_AMOUNT,
      otherAmount: '2,50',
      card: { ...card, cvc: '' },
    };
    expect(build(values)).toEqual({
      problems: { otherAmount: 'amountTooSmall', cvc: 'required' },
    });
    const limited = { ...settings, monthlyLimitCents: 3000, monthToDateCents: 2000 };
    const over = { ...values, otherAmount: '25', card };
    expect(build(over, { settings: limited })).toEqual({
      problems: { otherAmount: 'amountOverLimit' },
    });
  });

  it('trialmoneycharge charges the one fixed trial amount, whatever the chooser says', () => {
    const values = { ...initialChargeForm(settings, []), amount: OTHER_AMOUNT, otherAmount: 'x', card };
    const built = build(values, { flow: 'trialmoneycharge', fixedAmountCents: 100 });
    expect(built).toMatchObject({ request: { flow: 'trialmoneycharge', amountCents: 100 } });
  });

  it('after a declined charge the form stays filled except the CVC', () => {
    const values = { ...initialChargeForm(settings, []), card };
    expect(afterDecline(values)).toEqual({ ...values, card: { ...card, cvc: '' } });
  });
});

describe('declined and failed charges get a clear message per declineCode in de, en, nl, es', () => {
  it.each(['en', 'de', 'nl', 'es'] as const)(
    '%s: each known code has its own text, unknown codes a general one',
    (lang) => {
      const pt = translator(payPaymentMessages, lang);
      const texts = [
        'card_declined',
        'insufficient_funds',
        'sepa_returned',
        'authentication_failed',
        'something_new',
      ].map((code) => pt('declined', { code }));
      expect(new Set(texts.map((text) => text.split('.')[0])).size).toBe(5);
      expect(pt('failed', { code: 'sepa_returned' })).not.toBe(pt('failed', { code: 'other' }));
    },
  );
});
