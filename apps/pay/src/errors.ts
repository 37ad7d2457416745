/**
 * Turns a failure of the REST API (or of the dialog's own form checks, which use the same codes)
 * into a translated text and the form field it belongs to. Known codes get a message in the
 * guest's language; an unknown code shows the server's message as it came.
 */
import { type ErrorCode, isErrorCode } from '@vela/contracts/error-codes';
import type { Translate } from '@vela/i18n/translate';
import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from './api.ts';
import type { PayMessageKey } from './i18n.ts';
import type { PasswordLimits } from './password.ts';

export interface ErrorContext {
  /** INVALID_CREDENTIALS means the current password in the password change form. */
  currentPassword?: boolean;
  limits?: PasswordLimits | null;
}

/** Show the server's message as it came (codes the dialog has no own text for). */
const SERVER_MESSAGE = null;
type ErrorTextOf = (t: Translate<PayMessageKey>, error: ApiError, context: ErrorContext) => string;
type Text = PayMessageKey | ErrorTextOf | typeof SERVER_MESSAGE;

const invalidCredentials: ErrorTextOf = (t, _error, context) =>
  t(context.currentPassword ? 'errWrongCurrentPassword' : 'errInvalidCredentials');
const rateLimited: ErrorTextOf = (t, error) =>
  error.retryAfterSeconds !== null && error.retryAfterSeconds > 0
    ? t('errRateLimited', { seconds: error.retryAfterSeconds })
    : t('errRateLimitedLater');
const passwordTooShort: ErrorTextOf = (t, error, { limits }) =>
  limits ? t('errPasswordTooShort', { min: limits.min }) : error.message;
const passwordTooLong: ErrorTextOf = (t, error, { limits }) =>
  limits ? t('errPasswordTooLong', { max: limits.max }) : error.message;

/** The dialog's own codes: no answer, an answer that is not the contract. */
const CLIENT_TEXTS: Record<typeof NETWORK_ERROR | typeof BAD_RESPONSE, PayMessageKey> = {
  [NETWORK_ERROR]: 'errNetwork',
  [BAD_RESPONSE]: 'errUnknown',
};

/**
 * A text for every server code: a code added to @vela/contracts error-codes.ts fails the typecheck
 * here until it is given one (or SERVER_MESSAGE).
 */
const TEXTS: Record<ErrorCode, Text> = {
  // Any call: the edge (input guard, same-origin check, rate limits, age gate) and toErrorBody's
  // status fallbacks for errors Fastify raises itself (bad JSON, body too large, unknown route).
  VALIDATION_ERROR: SERVER_MESSAGE,
  INVALID_CHARACTERS: SERVER_MESSAGE,
  CROSS_SITE_REQUEST: SERVER_MESSAGE,
  RATE_LIMITED: rateLimited,
  RESTRICTED: SERVER_MESSAGE,
  BAD_REQUEST: SERVER_MESSAGE,
  UNAUTHORIZED: SERVER_MESSAGE,
  FORBIDDEN: SERVER_MESSAGE,
  NOT_FOUND: SERVER_MESSAGE,
  METHOD_NOT_ALLOWED: SERVER_MESSAGE,
  NOT_ACCEPTABLE: SERVER_MESSAGE,
  REQUEST_TIMEOUT: SERVER_MESSAGE,
  CONFLICT: SERVER_MESSAGE,
  PAYLOAD_TOO_LARGE: SERVER_MESSAGE,
  UNSUPPORTED_MEDIA_TYPE: SERVER_MESSAGE,
  SERVICE_UNAVAILABLE: SERVER_MESSAGE,
  INTERNAL_ERROR: 'errUnknown',
  DB_UNAVAILABLE: SERVER_MESSAGE,
  IDEMPOTENCY_KEY_REUSED: SERVER_MESSAGE,
  // Guests: sessions, tokens, signup, login, password, newsletter, data protection.
  NOT_LOGGED_IN: 'errNotLoggedIn',
  INVALID_TOKEN: 'errNotLoggedIn',
  TOKEN_EXPIRED: 'errNotLoggedIn',
  LOGIN_DISABLED: 'loginDisabled',
  INVALID_EMAIL: 'errInvalidEmail',
  SCREEN_NAME_TAKEN: 'errScreenNameTaken',
  EMAIL_TAKEN: 'errEmailTaken',
  INVALID_CREDENTIALS: invalidCredentials,
  ACCOUNT_LOCKED: 'errAccountLocked',
  PASSWORD_TOO_SHORT: passwordTooShort,
  PASSWORD_TOO_LONG: passwordTooLong,
  PASSWORD_TOO_COMMON: 'errPasswordTooCommon',
  RESET_KEY_INVALID: 'errInvalidResetLink',
  TRANSFER_INVALID: SERVER_MESSAGE,
  SESSION_NOT_FOUND: SERVER_MESSAGE,
  NOT_ACCEPTED: SERVER_MESSAGE,
  NEWSLETTER_TOKEN_INVALID: SERVER_MESSAGE,
  NEWSLETTER_TOKEN_EXPIRED: SERVER_MESSAGE,
  ONE_CLICK_BODY_REQUIRED: SERVER_MESSAGE,
  GUEST_NOT_FOUND: SERVER_MESSAGE,
  // Age verification.
  AVS_UNDERAGE: 'avsUnderage',
  AVS_INVALID_BIRTH_DATE: 'invalidBirthDate',
  AVS_ALREADY_PENDING: 'errAvsAlreadyPending',
  AVS_ALREADY_ACCEPTED: 'errAvsAlreadyAccepted',
  AVS_REQUEST_NOT_FOUND: SERVER_MESSAGE,
  AVS_REQUEST_NOT_PENDING: SERVER_MESSAGE,
  AVS_NOT_PENDING: SERVER_MESSAGE,
  AVS_NOT_ACCEPTED: SERVER_MESSAGE,
  AVS_SANDBOX_LINK_INVALID: SERVER_MESSAGE,
  // Wallet.
  NOT_ENOUGH_MONEY: SERVER_MESSAGE,
  TRANSACTION_NOT_FOUND: SERVER_MESSAGE,
  INVALID_TRANSFER: SERVER_MESSAGE,
  UNKNOWN_ACCOUNT: SERVER_MESSAGE,
  NOT_REFUNDABLE: SERVER_MESSAGE,
  ALREADY_REFUNDED: SERVER_MESSAGE,
  // Payments.
  FLOW_NOT_ALLOWED: SERVER_MESSAGE,
  PAYTYPE_NOT_ALLOWED: SERVER_MESSAGE,
  INVALID_AMOUNT: SERVER_MESSAGE,
  AMOUNT_OUT_OF_RANGE: SERVER_MESSAGE,
  AMOUNT_MISMATCH: SERVER_MESSAGE,
  LIMIT_EXCEEDED: SERVER_MESSAGE,
  LIMIT_OUT_OF_RANGE: SERVER_MESSAGE,
  THRESHOLD_OUT_OF_RANGE: SERVER_MESSAGE,
  INVALID_CARD: SERVER_MESSAGE,
  CARD_EXPIRED: SERVER_MESSAGE,
  CARD_DECLINED: SERVER_MESSAGE,
  INVALID_IBAN: SERVER_MESSAGE,
  CARRIER_REQUIRED: SERVER_MESSAGE,
  NO_PAYMENT_METHOD: SERVER_MESSAGE,
  ONE_CLICK_NOT_AVAILABLE: SERVER_MESSAGE,
  AUTO_RECHARGE_OPEN: SERVER_MESSAGE,
  UNKNOWN_CHARGE: SERVER_MESSAGE,
  CHARGE_NOT_AWAITING_CODE: SERVER_MESSAGE,
  WRONG_CODE: SERVER_MESSAGE,
  SIGNATURE_MISSING: SERVER_MESSAGE,
  SIGNATURE_MALFORMED: SERVER_MESSAGE,
  SIGNATURE_INVALID: SERVER_MESSAGE,
  SIGNATURE_EXPIRED: SERVER_MESSAGE,
  // Subscriptions (the domain's SubscriptionRuleError codes first).
  TRIAL_NOT_AVAILABLE: SERVER_MESSAGE,
  ALREADY_SUBSCRIBED: SERVER_MESSAGE,
  INCLUDED_IN_VIP: SERVER_MESSAGE,
  NOT_SUBSCRIBED: SERVER_MESSAGE,
  ALREADY_CANCELLED: SERVER_MESSAGE,
  OFFER_NOT_AVAILABLE: SERVER_MESSAGE,
  PERIOD_OVER: SERVER_MESSAGE,
  PRODUCT_NOT_OFFERED: SERVER_MESSAGE,
  SUBSCRIPTION_PENDING: SERVER_MESSAGE,
  SUBSCRIPTION_ABORTED: SERVER_MESSAGE,
  // Promotions: bonus codes (the domain's redeem reasons), vouchers, purchases.
  UNKNOWN_CODE: SERVER_MESSAGE,
  INACTIVE: SERVER_MESSAGE,
  NOT_YET_VALID: SERVER_MESSAGE,
  EXPIRED: SERVER_MESSAGE,
  EXHAUSTED: SERVER_MESSAGE,
  ALREADY_REDEEMED: SERVER_MESSAGE,
  BONUS_CODE_EXISTS: SERVER_MESSAGE,
  INVALID_REWARD: SERVER_MESSAGE,
  ITEM_FREE: SERVER_MESSAGE,
  // Catalog: actors, galleries, videos, search, pro search, catalog import.
  ACTOR_NOT_FOUND: SERVER_MESSAGE,
  ACTOR_BLOCKED_IN_COUNTRY: SERVER_MESSAGE,
  TAG_GROUP_NOT_FOUND: SERVER_MESSAGE,
  ALBUM_NOT_FOUND: SERVER_MESSAGE,
  PICTURE_NOT_FOUND: SERVER_MESSAGE,
  ALREADY_COMMENTED: SERVER_MESSAGE,
  COMMENT_EMPTY: SERVER_MESSAGE,
  COMMENT_TOO_LONG: SERVER_MESSAGE,
  VIDEO_NOT_FOUND: SERVER_MESSAGE,
  INVALID_PAYLOAD: SERVER_MESSAGE,
  INVALID_FILTER: SERVER_MESSAGE,
  INVALID_SORT: SERVER_MESSAGE,
  UNKNOWN_GRID_TYPE: SERVER_MESSAGE,
  UNMAPPED_CATEGORY: SERVER_MESSAGE,
  INVALID_LANGUAGE: SERVER_MESSAGE,
  SEARCH_PATTERN_TOO_SHORT: SERVER_MESSAGE,
  INVALID_ZIP: SERVER_MESSAGE,
  ZIP_NOT_FOUND: SERVER_MESSAGE,
  ZIP_REQUIRED_FOR_RADIUS: SERVER_MESSAGE,
  ZIP_REQUIRED_FOR_DISTANCE: SERVER_MESSAGE,
  UNKNOWN_CATEGORY: SERVER_MESSAGE,
  DUPLICATE_NAME: SERVER_MESSAGE,
  UNKNOWN_IMAGE_KEY: SERVER_MESSAGE,
  UNKNOWN_ZIP: SERVER_MESSAGE,
  UNKNOWN_ACTOR: SERVER_MESSAGE,
  // Live chats (the live page has its own texts).
  PERFORMER_OFFLINE: SERVER_MESSAGE,
  CHAT_TYPE_NOT_OFFERED: SERVER_MESSAGE,
  PERFORMER_IN_SINGLE: SERVER_MESSAGE,
  NO_PRIVATE_CHAT_TO_WATCH: SERVER_MESSAGE,
  GUEST_IN_CHAT: SERVER_MESSAGE,
  PREVIEW_LIMIT: SERVER_MESSAGE,
  FREE_CHAT_USED_UP: SERVER_MESSAGE,
  TICKET_REQUIRED: SERVER_MESSAGE,
  SHOW_NOT_STARTED: SERVER_MESSAGE,
  SHOW_NOT_RUNNING: SERVER_MESSAGE,
  SHOW_RUNNING: SERVER_MESSAGE,
  TOY_NOT_AVAILABLE: SERVER_MESSAGE,
  LIVE_SESSION_NOT_FOUND: SERVER_MESSAGE,
  LIVE_SESSION_NOT_ACTIVE: SERVER_MESSAGE,
  LIVE_SESSION_NOT_ENDED: SERVER_MESSAGE,
  INVALID_SDP: SERVER_MESSAGE,
  // Chat tickets (issue 18).
  TICKET_SHOW_NOT_FOUND: SERVER_MESSAGE,
  TICKET_SHOW_MISMATCH: SERVER_MESSAGE,
  TICKET_SHOW_FREE: SERVER_MESSAGE,
  TICKET_SHOW_CANCELLED: SERVER_MESSAGE,
  TICKET_SALES_CLOSED: SERVER_MESSAGE,
  TICKET_NOT_FOUND: SERVER_MESSAGE,
  TICKET_NOT_RETURNABLE: SERVER_MESSAGE,
  TICKET_PROMO_CODE_INVALID: SERVER_MESSAGE,
  TICKET_SHOW_ENDED: SERVER_MESSAGE,
  CONVERSION_CHAT_NOT_ELIGIBLE: SERVER_MESSAGE,
  CONVERSION_CHAT_OVER: SERVER_MESSAGE,
  // Voice calls, clash of cams (issue 18).
  VOICECALL_ACTOR_OFFLINE: SERVER_MESSAGE,
  VOICECALL_ENDED: SERVER_MESSAGE,
  VOICECALL_NOT_FOUND: SERVER_MESSAGE,
  CLASH_NOT_FOUND: SERVER_MESSAGE,
  CLASH_WRONG_ACTOR: SERVER_MESSAGE,
  CLASH_ENDED: SERVER_MESSAGE,
  CLASH_RUNNING: SERVER_MESSAGE,
  ALREADY_VOTED: SERVER_MESSAGE,
  // Web push.
  MESSENGER_CHANNEL_NOT_FOUND: SERVER_MESSAGE,
  MESSENGER_ACTOR_NOT_FOUND: SERVER_MESSAGE,
  MESSENGER_CHANNEL_BLOCKED: SERVER_MESSAGE,
  MESSENGER_GIFT_NOT_FOUND: SERVER_MESSAGE,
  MESSENGER_GIFT_VIP_ONLY: SERVER_MESSAGE,
  MESSENGER_EMPTY_MESSAGE: SERVER_MESSAGE,
  MESSENGER_PRICE_CHANGED: SERVER_MESSAGE,
  MESSENGER_MEDIA_NOT_FOUND: SERVER_MESSAGE,
  WEB_PUSH_UNAVAILABLE: SERVER_MESSAGE,
  WEB_PUSH_SUBSCRIPTION_NOT_FOUND: SERVER_MESSAGE,
  WEB_PUSH_ENDPOINT_NOT_ALLOWED: SERVER_MESSAGE,
  // Operator API.
  INTERNAL_TOKEN_MISSING: SERVER_MESSAGE,
};

export function errorText(t: Translate<PayMessageKey>, error: unknown, context: ErrorContext = {}): string {
  if (!(error instanceof ApiError)) return t('errUnknown');
  const code = error.code;
  if (code === NETWORK_ERROR || code === BAD_RESPONSE) return t(CLIENT_TEXTS[code]);
  const text = isErrorCode(code) ? TEXTS[code] : SERVER_MESSAGE;
  if (text === SERVER_MESSAGE) return error.message || t('errUnknown');
  return typeof text === 'function' ? text(t, error, { limits: null, ...context }) : t(text);
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
