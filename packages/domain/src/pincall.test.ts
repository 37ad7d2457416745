import { describe, expect, it } from 'vitest';
import {
  checkPincallStart,
  checkPincallVerify,
  isWellFormedPin,
  maskPhone,
  PINCALL_CODE_LENGTH,
  PINCALL_MAX_ATTEMPTS,
  parsePhoneNumber,
  wrongPinOutcome,
} from './pincall.ts';

describe('parsePhoneNumber: E.164 from international and national forms', () => {
  it.each([
    ['+49 151 2345 6789', null, '+4915123456789', 'DE', 'mobile'],
    ['0049 (0)151-2345-6789', null, '+4915123456789', 'DE', 'mobile'],
    ['(0151) 2345/6789', 'DE', '+4915123456789', 'DE', 'mobile'],
    ['030 1234567', 'DE', '+49301234567', 'DE', 'landline'],
    ['+31 6 12345678', null, '+31612345678', 'NL', 'mobile'],
    ['020 123 4567', 'NL', '+31201234567', 'NL', 'landline'],
    ['+34 612 345 678', null, '+34612345678', 'ES', 'mobile'],
    ['+43 664 1234567', null, '+436641234567', 'AT', 'mobile'],
    ['+41 79 123 45 67', null, '+41791234567', 'CH', 'mobile'],
    ['+32 470 12 34 56', null, '+32470123456', 'BE', 'mobile'],
  ])('%s (default %s) → %s', (input, country, e164, iso, line) => {
    expect(parsePhoneNumber(input, country)).toEqual({
      ok: true,
      phone: { e164, country: iso, line, blocked: false },
    });
  });

  it.each([
    ['', 'DE'],
    ['hello', 'DE'],
    ['+999 123456789', null],
    ['0151 2345 6789', null],
    ['+49 151', null],
    ['+49 1512345678901234', null],
    ['+49 151 2345 6789 ext', null],
    ['1'.repeat(40), null],
  ])('%j is code 1', (input, country) => {
    expect(parsePhoneNumber(input, country)).toEqual({ ok: false, code: 1 });
  });
});

describe('checkPincallStart: codes 3, 1, 2, 3, 5 in order; spec 5 code lengths', () => {
  it('mobile 6 digits, landline 5', () => {
    expect(PINCALL_CODE_LENGTH).toEqual({ mobile: 6, landline: 5 });
    expect(checkPincallStart({ phoneNumber: '+49 151 23456789', type: 'mobile' }, null)).toMatchObject({
      ok: true,
      codeLength: 6,
    });
    // A voice call reaches a mobile too.
    expect(checkPincallStart({ phoneNumber: '+49 151 23456789', type: 'landline' }, null)).toMatchObject({
      ok: true,
      codeLength: 5,
    });
  });
  it.each([
    [{ phoneNumber: '+49 151 23456789', type: 'fax' }, 3],
    [{ phoneNumber: 'nope', type: 'mobile' }, 1],
    [{ phoneNumber: '+44 7700 900123', type: 'mobile' }, 2],
    [{ phoneNumber: '+1 212 555 0100', type: 'landline' }, 2],
    [{ phoneNumber: '+49 30 1234567', type: 'mobile' }, 3],
    [{ phoneNumber: '+49 900 1234567', type: 'landline' }, 5],
    [{ phoneNumber: '0900 123 456', type: 'landline' }, 5],
  ])('%j → %i', (input, code) => {
    expect(checkPincallStart(input, 'NL')).toEqual({ ok: false, code });
  });
});

describe('checkPincallVerify and the attempt limit', () => {
  const base = {
    type: 'mobile' as const,
    state: 'started' as const,
    attempts: 0,
    codeLength: 6,
    expiresAt: new Date('2030-01-01T10:10:00Z'),
  };
  const now = new Date('2030-01-01T10:00:00Z');
  it('compares while started and in time', () => {
    expect(checkPincallVerify(base, 'mobile', now)).toEqual({ action: 'compare' });
  });
  it('3 for another type, 4 at the timeout (expire), 9 when failed, verified stays verified', () => {
    expect(checkPincallVerify(base, 'landline', now)).toEqual({ action: 'refuse', code: 3 });
    expect(checkPincallVerify(base, 'mobile', base.expiresAt)).toEqual({
      action: 'refuse',
      code: 4,
      expire: true,
    });
    expect(checkPincallVerify({ ...base, state: 'expired' }, 'mobile', now)).toEqual({
      action: 'refuse',
      code: 4,
    });
    expect(checkPincallVerify({ ...base, state: 'failed' }, 'mobile', now)).toEqual({
      action: 'refuse',
      code: 9,
    });
    expect(checkPincallVerify({ ...base, state: 'verified' }, 'mobile', now)).toEqual({ action: 'verified' });
  });
  it(`wrong pins: 8 with attempts left, 9 at the ${PINCALL_MAX_ATTEMPTS}rd`, () => {
    expect(wrongPinOutcome(1)).toEqual({ code: 8, attemptsLeft: 2, failed: false });
    expect(wrongPinOutcome(2)).toEqual({ code: 8, attemptsLeft: 1, failed: false });
    expect(wrongPinOutcome(3)).toEqual({ code: 9, attemptsLeft: 0, failed: true });
  });
  it('a pin is exactly its length in ASCII digits', () => {
    expect(isWellFormedPin('123456', 6)).toBe(true);
    expect(isWellFormedPin('12345', 6)).toBe(false);
    expect(isWellFormedPin('12a456', 6)).toBe(false);
    expect(isWellFormedPin('١٢٣٤٥٦', 6)).toBe(false);
  });
});

describe('maskPhone: never most of the number', () => {
  it('long numbers 3 + 4 digits, shorter 2 + 2', () => {
    expect(maskPhone('+4915123454567')).toBe('+49 151 ••• 4567');
    expect(maskPhone('+31612345678')).toBe('+31 61 ••• 78');
  });
});
