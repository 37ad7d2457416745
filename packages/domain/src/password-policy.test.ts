import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  commonPasswordSet,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from './password-policy.ts';

describe('password policy', () => {
  it('a password shorter than 8 characters is refused', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(checkPassword('')).toEqual({ ok: false, code: 'PASSWORD_TOO_SHORT' });
    expect(checkPassword('x7#kQ2z')).toEqual({ ok: false, code: 'PASSWORD_TOO_SHORT' });
  });

  it('exactly 8 uncommon characters are accepted', () => {
    expect(checkPassword('x7#kQ2zP')).toEqual({ ok: true });
  });

  it('length counts characters (code points), not UTF-16 units', () => {
    expect(passwordLength('😀😀😀😀')).toBe(4);
    expect(checkPassword('😀😀😀😀😀😀😀')).toEqual({ ok: false, code: 'PASSWORD_TOO_SHORT' });
    expect(checkPassword('äöüßÄÖÜ€')).toEqual({ ok: true });
  });

  it('passwords of 64 characters must be allowed', () => {
    expect(checkPassword('a1B2c3D4'.repeat(8))).toEqual({ ok: true });
  });

  it('up to 256 characters are accepted, 257 are refused as too long', () => {
    expect(PASSWORD_MAX_LENGTH).toBe(256);
    expect(checkPassword(`${'q'.repeat(255)}Z`)).toEqual({ ok: true });
    expect(checkPassword(`${'q'.repeat(256)}Z`)).toEqual({ ok: false, code: 'PASSWORD_TOO_LONG' });
  });

  it.each(['password', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine', 'trustno1', '1qaz2wsx'])(
    'the common password %s is refused',
    (password) => {
      expect(checkPassword(password)).toEqual({ ok: false, code: 'PASSWORD_TOO_COMMON' });
    },
  );

  it('common passwords are refused whatever their letter case', () => {
    expect(checkPassword('PassWord')).toEqual({ ok: false, code: 'PASSWORD_TOO_COMMON' });
    expect(checkPassword('SUNSHINE')).toEqual({ ok: false, code: 'PASSWORD_TOO_COMMON' });
  });

  it('the shipped common list is large and lower-case', () => {
    const set = commonPasswordSet();
    expect(set.size).toBeGreaterThan(10_000);
    expect(set.has('password')).toBe(true);
    expect([...set].every((p) => p === p.toLowerCase())).toBe(true);
    expect(commonPasswordSet()).toBe(set);
  });

  it('an injected list replaces the shipped one', () => {
    const own = new Set(['velavela']);
    expect(checkPassword('VelaVela', own)).toEqual({ ok: false, code: 'PASSWORD_TOO_COMMON' });
    expect(checkPassword('password', own)).toEqual({ ok: true });
  });

  it('length is checked before commonness (a short common password is too short)', () => {
    expect(checkPassword('123456')).toEqual({ ok: false, code: 'PASSWORD_TOO_SHORT' });
  });
});
