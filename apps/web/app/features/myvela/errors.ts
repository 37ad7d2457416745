/**
 * Error codes of the guest REST calls -> message keys of the guest area (packages/i18n
 * messages/myvela.ts) and the form field an error belongs to. Codes come from the server's
 * `{ success:false, error:{ code } }` body, the password policy (@vela/domain/password-policy) and
 * two client-side codes: NETWORK (no answer) and NEWSLETTER_FAILED (spec 5 inner success false).
 */
import { type ErrorCode, isErrorCode } from '@vela/contracts/error-codes';
import type { myvelaMessages } from '@vela/i18n/messages/myvela';

export type MyVelaMessageKey = keyof (typeof myvelaMessages)['en'];
export type ErrorMessageKey = Extract<MyVelaMessageKey, `error.${string}`>;

/** The codes only this client produces: no answer, spec 5 inner success false. */
const CLIENT_KEYS: Record<'NETWORK' | 'NEWSLETTER_FAILED', ErrorMessageKey> = {
  NEWSLETTER_FAILED: 'error.newsletter',
  NETWORK: 'error.network',
};

/**
 * Every server code (a code added to @vela/contracts error-codes.ts fails the typecheck here until
 * it has a text); `error.unknown` where the guest area cannot get it or has nothing better to say.
 */
const KEYS: Record<ErrorCode, ErrorMessageKey> = {
  // Any call: the edge (input guard, same-origin check, rate limits, age gate) and toErrorBody's
  // status fallbacks for errors Fastify raises itself (bad JSON, body too large, unknown route).
  VALIDATION_ERROR: 'error.validation',
  INVALID_CHARACTERS: 'error.unknown',
  CROSS_SITE_REQUEST: 'error.unknown',
  RATE_LIMITED: 'error.rateLimited',
  RESTRICTED: 'error.unknown',
  BAD_REQUEST: 'error.unknown',
  UNAUTHORIZED: 'error.notLoggedIn',
  FORBIDDEN: 'error.unknown',
  NOT_FOUND: 'error.unknown',
  METHOD_NOT_ALLOWED: 'error.unknown',
  NOT_ACCEPTABLE: 'error.unknown',
  REQUEST_TIMEOUT: 'error.unknown',
  CONFLICT: 'error.unknown',
  PAYLOAD_TOO_LARGE: 'error.unknown',
  UNSUPPORTED_MEDIA_TYPE: 'error.unknown',
  SERVICE_UNAVAILABLE: 'error.unknown',
  INTERNAL_ERROR: 'error.unknown',
  DB_UNAVAILABLE: 'error.unknown',
  IDEMPOTENCY_KEY_REUSED: 'error.unknown',
  // Guests: sessions, tokens, signup, login, password, newsletter, data protection.
  NOT_LOGGED_IN: 'error.notLoggedIn',
  INVALID_TOKEN: 'error.notLoggedIn',
  TOKEN_EXPIRED: 'error.unknown',
  LOGIN_DISABLED: 'error.unknown',
  INVALID_EMAIL: 'error.invalidEmail',
  SCREEN_NAME_TAKEN: 'error.unknown',
  EMAIL_TAKEN: 'error.unknown',
  INVALID_CREDENTIALS: 'error.currentPasswordWrong',
  ACCOUNT_LOCKED: 'error.accountLocked',
  PASSWORD_TOO_SHORT: 'error.passwordTooShort',
  PASSWORD_TOO_LONG: 'error.passwordTooLong',
  PASSWORD_TOO_COMMON: 'error.passwordTooCommon',
  RESET_KEY_INVALID: 'error.unknown',
  TRANSFER_INVALID: 'error.unknown',
  SESSION_NOT_FOUND: 'error.sessionNotFound',
  NOT_ACCEPTED: 'error.unknown',
  NEWSLETTER_TOKEN_INVALID: 'error.unknown',
  NEWSLETTER_TOKEN_EXPIRED: 'error.unknown',
  ONE_CLICK_BODY_REQUIRED: 'error.unknown',
  GUEST_NOT_FOUND: 'error.unknown',
  // Age verification.
  AVS_UNDERAGE: 'error.unknown',
  AVS_INVALID_BIRTH_DATE: 'error.unknown',
  AVS_ALREADY_PENDING: 'error.unknown',
  AVS_ALREADY_ACCEPTED: 'error.unknown',
  AVS_REQUEST_NOT_FOUND: 'error.unknown',
  AVS_REQUEST_NOT_PENDING: 'error.unknown',
  AVS_NOT_PENDING: 'error.unknown',
  AVS_NOT_ACCEPTED: 'error.unknown',
  AVS_SANDBOX_LINK_INVALID: 'error.unknown',
  // Wallet.
  NOT_ENOUGH_MONEY: 'error.unknown',
  TRANSACTION_NOT_FOUND: 'error.unknown',
  INVALID_TRANSFER: 'error.unknown',
  UNKNOWN_ACCOUNT: 'error.unknown',
  NOT_REFUNDABLE: 'error.unknown',
  ALREADY_REFUNDED: 'error.unknown',
  // Payments.
  FLOW_NOT_ALLOWED: 'error.unknown',
  PAYTYPE_NOT_ALLOWED: 'error.unknown',
  INVALID_AMOUNT: 'error.unknown',
  AMOUNT_OUT_OF_RANGE: 'error.unknown',
  AMOUNT_MISMATCH: 'error.unknown',
  LIMIT_EXCEEDED: 'error.unknown',
  LIMIT_OUT_OF_RANGE: 'error.unknown',
  THRESHOLD_OUT_OF_RANGE: 'error.unknown',
  INVALID_CARD: 'error.unknown',
  CARD_EXPIRED: 'error.unknown',
  CARD_DECLINED: 'error.unknown',
  INVALID_IBAN: 'error.unknown',
  CARRIER_REQUIRED: 'error.unknown',
  NO_PAYMENT_METHOD: 'error.unknown',
  ONE_CLICK_NOT_AVAILABLE: 'error.unknown',
  AUTO_RECHARGE_OPEN: 'error.unknown',
  UNKNOWN_CHARGE: 'error.unknown',
  CHARGE_NOT_AWAITING_CODE: 'error.unknown',
  WRONG_CODE: 'error.unknown',
  SIGNATURE_MISSING: 'error.unknown',
  SIGNATURE_MALFORMED: 'error.unknown',
  SIGNATURE_INVALID: 'error.unknown',
  SIGNATURE_EXPIRED: 'error.unknown',
  // Subscriptions (the domain's SubscriptionRuleError codes first).
  TRIAL_NOT_AVAILABLE: 'error.unknown',
  ALREADY_SUBSCRIBED: 'error.unknown',
  INCLUDED_IN_VIP: 'error.unknown',
  NOT_SUBSCRIBED: 'error.unknown',
  ALREADY_CANCELLED: 'error.unknown',
  OFFER_NOT_AVAILABLE: 'error.unknown',
  PERIOD_OVER: 'error.unknown',
  PRODUCT_NOT_OFFERED: 'error.unknown',
  SUBSCRIPTION_PENDING: 'error.unknown',
  SUBSCRIPTION_ABORTED: 'error.unknown',
  // Promotions: bonus codes (the domain's redeem reasons), vouchers, purchases.
  UNKNOWN_CODE: 'error.unknown',
  INACTIVE: 'error.unknown',
  NOT_YET_VALID: 'error.unknown',
  EXPIRED: 'error.unknown',
  EXHAUSTED: 'error.unknown',
  ALREADY_REDEEMED: 'error.unknown',
  BONUS_CODE_EXISTS: 'error.unknown',
  INVALID_REWARD: 'error.unknown',
  ITEM_FREE: 'error.unknown',
  // Catalog: actors, galleries, videos, search, pro search, catalog import.
  ACTOR_NOT_FOUND: 'error.unknown',
  ACTOR_BLOCKED_IN_COUNTRY: 'error.unknown',
  TAG_GROUP_NOT_FOUND: 'error.unknown',
  ALBUM_NOT_FOUND: 'error.unknown',
  PICTURE_NOT_FOUND: 'error.unknown',
  ALREADY_COMMENTED: 'error.unknown',
  COMMENT_EMPTY: 'error.unknown',
  COMMENT_TOO_LONG: 'error.unknown',
  VIDEO_NOT_FOUND: 'error.unknown',
  INVALID_PAYLOAD: 'error.unknown',
  INVALID_FILTER: 'error.unknown',
  INVALID_SORT: 'error.unknown',
  UNKNOWN_GRID_TYPE: 'error.unknown',
  UNMAPPED_CATEGORY: 'error.unknown',
  INVALID_LANGUAGE: 'error.validation',
  SEARCH_PATTERN_TOO_SHORT: 'error.unknown',
  INVALID_ZIP: 'error.unknown',
  ZIP_NOT_FOUND: 'error.unknown',
  ZIP_REQUIRED_FOR_RADIUS: 'error.unknown',
  ZIP_REQUIRED_FOR_DISTANCE: 'error.unknown',
  UNKNOWN_CATEGORY: 'error.unknown',
  DUPLICATE_NAME: 'error.unknown',
  UNKNOWN_IMAGE_KEY: 'error.unknown',
  UNKNOWN_ZIP: 'error.unknown',
  UNKNOWN_ACTOR: 'error.unknown',
  // Live chats (the live page has its own texts).
  PERFORMER_OFFLINE: 'error.unknown',
  CHAT_TYPE_NOT_OFFERED: 'error.unknown',
  PERFORMER_IN_SINGLE: 'error.unknown',
  NO_PRIVATE_CHAT_TO_WATCH: 'error.unknown',
  GUEST_IN_CHAT: 'error.unknown',
  PREVIEW_LIMIT: 'error.unknown',
  FREE_CHAT_USED_UP: 'error.unknown',
  TICKET_REQUIRED: 'error.unknown',
  SHOW_NOT_STARTED: 'error.unknown',
  SHOW_NOT_RUNNING: 'error.unknown',
  SHOW_RUNNING: 'error.unknown',
  TOY_NOT_AVAILABLE: 'error.unknown',
  LIVE_SESSION_NOT_FOUND: 'error.unknown',
  LIVE_SESSION_NOT_ACTIVE: 'error.unknown',
  LIVE_SESSION_NOT_ENDED: 'error.unknown',
  INVALID_SDP: 'error.unknown',
  // Chat tickets (issue 18).
  TICKET_SHOW_NOT_FOUND: 'error.unknown',
  TICKET_SHOW_MISMATCH: 'error.unknown',
  TICKET_SHOW_FREE: 'error.unknown',
  TICKET_SHOW_CANCELLED: 'error.unknown',
  TICKET_SALES_CLOSED: 'error.unknown',
  TICKET_NOT_FOUND: 'error.unknown',
  TICKET_NOT_RETURNABLE: 'error.unknown',
  TICKET_PROMO_CODE_INVALID: 'error.unknown',
  TICKET_SHOW_ENDED: 'error.unknown',
  CONVERSION_CHAT_NOT_ELIGIBLE: 'error.unknown',
  CONVERSION_CHAT_OVER: 'error.unknown',
  // Web push.
  VOICECALL_ACTOR_OFFLINE: 'error.unknown',
  VOICECALL_ENDED: 'error.unknown',
  VOICECALL_NOT_FOUND: 'error.unknown',
  CLASH_NOT_FOUND: 'error.unknown',
  CLASH_WRONG_ACTOR: 'error.unknown',
  CLASH_ENDED: 'error.unknown',
  CLASH_RUNNING: 'error.unknown',
  ALREADY_VOTED: 'error.unknown',
  MESSENGER_CHANNEL_NOT_FOUND: 'error.unknown',
  MESSENGER_ACTOR_NOT_FOUND: 'error.unknown',
  MESSENGER_CHANNEL_BLOCKED: 'error.unknown',
  MESSENGER_GIFT_NOT_FOUND: 'error.unknown',
  MESSENGER_GIFT_VIP_ONLY: 'error.unknown',
  MESSENGER_EMPTY_MESSAGE: 'error.unknown',
  MESSENGER_PRICE_CHANGED: 'error.unknown',
  MESSENGER_MEDIA_NOT_FOUND: 'error.unknown',
  WEB_PUSH_UNAVAILABLE: 'error.unknown',
  WEB_PUSH_SUBSCRIPTION_NOT_FOUND: 'error.unknown',
  WEB_PUSH_ENDPOINT_NOT_ALLOWED: 'error.unknown',
  // Operator API.
  INTERNAL_TOKEN_MISSING: 'error.unknown',
};

export function errorMessageKey(code: string): ErrorMessageKey {
  if (isErrorCode(code)) return KEYS[code];
  return code === 'NETWORK' || code === 'NEWSLETTER_FAILED' ? CLIENT_KEYS[code] : 'error.unknown';
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
