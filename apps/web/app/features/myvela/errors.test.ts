import { myvelaMessages } from '@vela/i18n/messages/myvela';
import { translator } from '@vela/i18n/translate';
import { describe, expect, it } from 'vitest';
import { errorCodeOf, errorMessageKey, errorText, passwordErrorField } from './errors.ts';

describe('error codes of the guest calls -> messages a person can act on', () => {
  it.each([
    ['NOT_LOGGED_IN', 'error.notLoggedIn'],
    ['UNAUTHORIZED', 'error.notLoggedIn'],
    ['INVALID_CREDENTIALS', 'error.currentPasswordWrong'],
    ['PASSWORD_TOO_SHORT', 'error.passwordTooShort'],
    ['PASSWORD_TOO_LONG', 'error.passwordTooLong'],
    ['PASSWORD_TOO_COMMON', 'error.passwordTooCommon'],
    ['RATE_LIMITED', 'error.rateLimited'],
    ['SESSION_NOT_FOUND', 'error.sessionNotFound'],
    ['VALIDATION_ERROR', 'error.validation'],
    ['NEWSLETTER_FAILED', 'error.newsletter'],
    ['NETWORK', 'error.network'],
    ['SOMETHING_NEW', 'error.unknown'],
  ])('%s -> %s', (code, key) => {
    expect(errorMessageKey(code)).toBe(key);
  });

  it('puts a wrong current password next to the current password and policy errors next to the new one', () => {
    expect(passwordErrorField('INVALID_CREDENTIALS')).toBe('currentPassword');
    expect(passwordErrorField('PASSWORD_TOO_COMMON')).toBe('newPassword');
    expect(passwordErrorField('PASSWORD_TOO_SHORT')).toBe('newPassword');
    expect(passwordErrorField('RATE_LIMITED')).toBeNull();
  });

  it('reads the code of a thrown error, UNKNOWN otherwise', () => {
    expect(errorCodeOf({ code: 'RATE_LIMITED' })).toBe('RATE_LIMITED');
    expect(errorCodeOf(new Error('boom'))).toBe('UNKNOWN');
    expect(errorCodeOf(null)).toBe('UNKNOWN');
  });

  it('fills the password policy numbers in every language (spec 9 languages)', () => {
    for (const lang of ['de', 'en', 'nl', 'es'] as const) {
      const text = errorText(translator(myvelaMessages, lang), 'PASSWORD_TOO_SHORT', { min: 8, max: 256 });
      expect(text).toContain('8');
      expect(
        errorText(translator(myvelaMessages, lang), 'PASSWORD_TOO_LONG', { min: 8, max: 256 }),
      ).toContain('256');
    }
    expect(errorText(translator(myvelaMessages, 'de'), 'INVALID_CREDENTIALS')).toBe(
      'Das aktuelle Passwort ist falsch.',
    );
  });
});
