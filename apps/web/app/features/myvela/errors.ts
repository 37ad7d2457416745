/**
 * Error codes of the guest REST calls -> message keys of the guest area (packages/i18n
 * messages/myvela.ts) and the form field an error belongs to. Codes come from the server's
 * `{ success:false, error:{ code } }` body, the password policy (@vela/domain/password-policy) and
 * two client-side codes: NETWORK (no answer) and NEWSLETTER_FAILED (spec 5 inner success false).
 */
import type { myvelaMessages } from '@vela/i18n/messages/myvela';

export type MyVelaMessageKey = keyof (typeof myvelaMessages)['en'];
export type ErrorMessageKey = Extract<MyVelaMessageKey, `error.${string}`>;

const KEYS: Record<string, ErrorMessageKey> = {
  NOT_LOGGED_IN: 'error.notLoggedIn',
  UNAUTHORIZED: 'error.notLoggedIn',
  INVALID_TOKEN: 'error.notLoggedIn',
  ACCOUNT_LOCKED: 'error.accountLocked',
  INVALID_CREDENTIALS: 'error.currentPasswordWrong',
  PASSWORD_TOO_SHORT: 'error.passwordTooShort',
  PASSWORD_TOO_LONG: 'error.passwordTooLong',
  PASSWORD_TOO_COMMON: 'error.passwordTooCommon',
  RATE_LIMITED: 'error.rateLimited',
  SESSION_NOT_FOUND: 'error.sessionNotFound',
  VALIDATION_ERROR: 'error.validation',
  INVALID_LANGUAGE: 'error.validation',
  INVALID_EMAIL: 'error.invalidEmail',
  NEWSLETTER_FAILED: 'error.newsletter',
  NETWORK: 'error.network',
};

export function errorMessageKey(code: string): ErrorMessageKey {
  return KEYS[code] ?? 'error.unknown';
}

export type PasswordField = 'currentPassword' | 'newPassword';

/** Which field of the password form an error is shown next to (null: the form's status line). */
export function passwordErrorField(code: string): PasswordField | null {
  if (code === 'INVALID_CREDENTIALS') return 'currentPassword';
  if (code.startsWith('PASSWORD_')) return 'newPassword';
  return null;
}

/** The code of anything a call threw (ApiError and friends carry one; anything else is UNKNOWN). */
export function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && code) return code;
  }
  return 'UNKNOWN';
}

/** Translated text of an error code; `limits` fills the password policy numbers. */
export function errorText(
  t: (key: ErrorMessageKey, values?: Record<string, number>) => string,
  code: string,
  limits: { min: number; max: number } = { min: 0, max: 0 },
): string {
  return t(errorMessageKey(code), limits);
}
