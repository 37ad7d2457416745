/**
 * Turns a failure of the REST API (or of the dialog's own form checks, which use the same codes)
 * into a translated text and the form field it belongs to. Known codes get a message in the
 * guest's language; an unknown code shows the server's message as it came.
 */
import type { Translate } from '@vela/i18n/translate';
import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from './api.ts';
import type { PayMessageKey } from './i18n.ts';
import type { PasswordLimits } from './password.ts';

export interface ErrorContext {
  /** INVALID_CREDENTIALS means the current password in the password change form. */
  currentPassword?: boolean;
  limits?: PasswordLimits | null;
}

export function errorText(t: Translate<PayMessageKey>, error: unknown, context: ErrorContext = {}): string {
  if (!(error instanceof ApiError)) return t('errUnknown');
  const limits = context.limits ?? null;
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return t(context.currentPassword ? 'errWrongCurrentPassword' : 'errInvalidCredentials');
    case 'RATE_LIMITED':
      return error.retryAfterSeconds !== null && error.retryAfterSeconds > 0
        ? t('errRateLimited', { seconds: error.retryAfterSeconds })
        : t('errRateLimitedLater');
    case 'ACCOUNT_LOCKED':
      return t('errAccountLocked');
    case 'LOGIN_DISABLED':
      return t('loginDisabled');
    case 'SCREEN_NAME_TAKEN':
      return t('errScreenNameTaken');
    case 'EMAIL_TAKEN':
      return t('errEmailTaken');
    case 'INVALID_EMAIL':
      return t('errInvalidEmail');
    case 'PASSWORD_TOO_SHORT':
      return limits ? t('errPasswordTooShort', { min: limits.min }) : error.message;
    case 'PASSWORD_TOO_LONG':
      return limits ? t('errPasswordTooLong', { max: limits.max }) : error.message;
    case 'PASSWORD_TOO_COMMON':
      return t('errPasswordTooCommon');
    case 'NOT_LOGGED_IN':
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return t('errNotLoggedIn');
    case 'INVALID_RESET_KEY':
    case 'RESET_KEY_INVALID':
    case 'RESET_KEY_EXPIRED':
    case 'RESET_LINK_INVALID':
    case 'PASSWORD_RESET_INVALID':
      return t('errInvalidResetLink');
    case 'AVS_UNDERAGE':
      return t('avsUnderage');
    case 'AVS_INVALID_BIRTH_DATE':
      return t('invalidBirthDate');
    case 'AVS_ALREADY_PENDING':
      return t('errAvsAlreadyPending');
    case 'AVS_ALREADY_ACCEPTED':
      return t('errAvsAlreadyAccepted');
    case NETWORK_ERROR:
      return t('errNetwork');
    case BAD_RESPONSE:
    case 'INTERNAL_ERROR':
      return t('errUnknown');
    default:
      return error.message || t('errUnknown');
  }
}

/** The form field a server error code is about; null for errors of the whole form. */
export function fieldOfError(code: string): string | null {
  switch (code) {
    case 'SCREEN_NAME_TAKEN':
      return 'screenName';
    case 'EMAIL_TAKEN':
    case 'INVALID_EMAIL':
      return 'email';
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
    case 'PASSWORD_TOO_COMMON':
      return 'password';
    case 'AVS_UNDERAGE':
    case 'AVS_INVALID_BIRTH_DATE':
      return 'birthDate';
    default:
      return null;
  }
}
