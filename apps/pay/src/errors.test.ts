import { LANGUAGES } from '@vela/contracts/common';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api.ts';
import { errorText, fieldOfError } from './errors.ts';
import { payTranslator } from './i18n.ts';

const limits = { min: 8, max: 256 };

describe('dialog error messages (spec 8: clear, translated errors per known code)', () => {
  it.each(LANGUAGES)('%s: every known code has its own translated message', (lang) => {
    const t = payTranslator(lang);
    const codes = [
      'INVALID_CREDENTIALS',
      'ACCOUNT_LOCKED',
      'LOGIN_DISABLED',
      'SCREEN_NAME_TAKEN',
      'EMAIL_TAKEN',
      'INVALID_EMAIL',
      'PASSWORD_TOO_SHORT',
      'PASSWORD_TOO_LONG',
      'PASSWORD_TOO_COMMON',
      NETWORK_ERROR,
    ];
    const texts = codes.map((code) =>
      errorText(t, new ApiError(code, `server says ${code}`, 400), { limits }),
    );
    for (const text of texts) expect(text).not.toMatch(/server says/);
    expect(new Set(texts).size).toBe(codes.length);
  });

  it('RATE_LIMITED shows the retry-after seconds when known', () => {
    const t = payTranslator('en');
    expect(errorText(t, new ApiError('RATE_LIMITED', 'x', 429, 42))).toBe(
      'Too many attempts. Please try again in 42 seconds.',
    );
    expect(errorText(payTranslator('de'), new ApiError('RATE_LIMITED', 'x', 429, 1))).toContain('1 Sekunde');
    expect(errorText(t, new ApiError('RATE_LIMITED', 'x', 429, null))).toBe(
      'Too many attempts. Please try again later.',
    );
  });

  it('the password policy limits appear in their messages', () => {
    const t = payTranslator('en');
    expect(errorText(t, new ApiError('PASSWORD_TOO_SHORT', 'x', 400), { limits })).toContain('8');
  });

  it('a wrong current password in the password change form says so', () => {
    const t = payTranslator('en');
    expect(errorText(t, new ApiError('INVALID_CREDENTIALS', 'x', 401), { currentPassword: true })).toBe(
      'The current password is wrong.',
    );
  });

  it('an unknown code shows the server message as it came', () => {
    const t = payTranslator('en');
    expect(errorText(t, new ApiError('VALIDATION_ERROR', 'login: required', 400))).toBe('login: required');
    expect(errorText(t, new Error('boom'))).toBe('Something went wrong. Please try again.');
  });

  it('server errors land on their form field', () => {
    expect(fieldOfError('EMAIL_TAKEN')).toBe('email');
    expect(fieldOfError('SCREEN_NAME_TAKEN')).toBe('screenName');
    expect(fieldOfError('PASSWORD_TOO_COMMON')).toBe('password');
    expect(fieldOfError('AVS_UNDERAGE')).toBe('birthDate');
    expect(fieldOfError('INVALID_CREDENTIALS')).toBeNull();
  });
});
