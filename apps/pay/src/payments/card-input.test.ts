import { describe, expect, it } from 'vitest';
import {
  cardInputOf,
  checkCardForm,
  checkSepaForm,
  compactMsisdn,
  formatCardNumber,
  formatExpiry,
  formatIban,
  msisdnValid,
  parseExpiry,
  sepaInputOf,
} from './card-input.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('card input of the charge form (issue 4 sandbox test cards)', () => {
  it('groups the card number in fours as typed and drops everything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('4242 4242 4242 4242 4242 999')).toBe('4242 4242 4242 4242 424');
  });

  it('formats the expiry as MM/YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
  });

  it('a card is valid through its expiry month; a past month is expired', () => {
    expect(parseExpiry('11/26', NOW)).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry('10/26', NOW)).toEqual({ problem: 'cardExpired' });
    expect(parseExpiry('13/30', NOW)).toEqual({ problem: 'cardExpiryInvalid' });
    expect(parseExpiry('1230', NOW)).toEqual({ problem: 'cardExpiryInvalid' });
  });

  it('refuses numbers failing Luhn, a short CVC and a missing holder before anything is sent', () => {
    expect(
      checkCardForm({ number: '4242 4242 4242 4241', expiry: '12/30', cvc: '12', holder: '' }, NOW),
    ).toEqual({
      number: 'cardNumberInvalid',
      cvc: 'cardCvcInvalid',
      holder: 'required',
    });
    expect(checkCardForm({ number: '', expiry: '', cvc: '', holder: 'A' }, NOW)).toEqual({
      number: 'required',
      expiry: 'required',
      cvc: 'required',
      holder: 'holderInvalid',
    });
  });

  it('the test cards 4242…, 4000…0002, …9995 and …3220 pass the checks and become the contract CardInput', () => {
    for (const number of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0000 0000 3220',
    ]) {
      const form = { number, expiry: '12/30', cvc: '123', holder: ' Anna Test ' };
      expect(checkCardForm(form, NOW)).toEqual({});
      expect(cardInputOf(form, NOW)).toEqual({
        number: number.replace(/ /g, ''),
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        holder: 'Anna Test',
      });
    }
  });

  it('formats an IBAN in groups of four, checks mod-97 and sends it compact', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(checkSepaForm({ iban: 'DE89 3704 0044 0532 0130 00', holder: 'Anna' })).toEqual({});
    expect(checkSepaForm({ iban: 'DE62 3704 0044 0532 0130 01', holder: 'Anna' })).toEqual({});
    expect(checkSepaForm({ iban: 'DE89 3704 0044 0532 0130 01', holder: '' })).toEqual({
      iban: 'ibanInvalid',
      holder: 'required',
    });
    expect(sepaInputOf({ iban: 'DE89 3704 0044 0532 0130 00', holder: ' Anna ' })).toEqual({
      iban: 'DE89370400440532013000',
      holder: 'Anna',
    });
  });

  it('carrier phone numbers are sent as E.164', () => {
    expect(compactMsisdn('+49 151 0000 0001')).toBe('+4915100000001');
    expect(compactMsisdn('0049 151 0000 0001')).toBe('+4915100000001');
    expect(msisdnValid('+49 151 0000 0001')).toBe(true);
    expect(msisdnValid('0151 0000 0001')).toBe(false);
    expect(msisdnValid('+49 12')).toBe(false);
  });
});
