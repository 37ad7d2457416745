/**
 * Password policy: at least 8 characters; long passwords are allowed (up to 256, well over the
 * 64 that must be accepted), longer ones are refused; the most common passwords are refused.
 *
 * Length counts Unicode code points, so an emoji or an umlaut is one character. The common list is
 * the "passwords-common" dictionary of @zxcvbn-ts/language-common (about 49,000 leaked passwords,
 * ranked by frequency, lower-case). That package is pure data: it decompresses an in-memory string
 * at import and does no I/O, so it may live in @vela/domain. The list is compared case-insensitively
 * and turned into a Set once, on first use. Callers may pass their own set (tests, a bigger list).
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordPolicyCode = 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON';
export type PasswordCheck = { ok: true } | { ok: false; code: PasswordPolicyCode };

let commonPasswords: ReadonlySet<string> | undefined;

/** The shipped list of common passwords, lower-case, built once. */
export function commonPasswordSet(): ReadonlySet<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords;
}

export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password) count += 1;
  return count;
}

export function checkPassword(
  password: string,
  common: ReadonlySet<string> = commonPasswordSet(),
): PasswordCheck {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return { ok: false, code: 'PASSWORD_TOO_SHORT' };
  if (length > PASSWORD_MAX_LENGTH) return { ok: false, code: 'PASSWORD_TOO_LONG' };
  if (common.has(password.toLowerCase())) return { ok: false, code: 'PASSWORD_TOO_COMMON' };
  return { ok: true };
}
