/**
 * Every code a REST answer `{ success: false, error: { code, message } }` can carry (decision 0031).
 *
 * The server's `AppError` takes an `ErrorCode`, so a code that is not listed here does not compile;
 * the pages' and the dialog's message maps are `Record<ErrorCode, …>`, so a code added or renamed
 * here fails their typecheck until it has a text. Codes are grouped by the module that sends them;
 * the first group is what any call can get (the edge, the status fallbacks of `toErrorBody`).
 */

import { REDEEM_REFUSALS } from '@vela/domain/bonus-codes';
import { MESSENGER_OWN_ERROR_CODES } from './messenger-codes.ts';
import { TICKET_ERROR_CODES } from './ticket-codes.ts';

export const ERROR_CODES = [
  // Any call: the edge (input guard, same-origin check, rate limits, age gate) and toErrorBody's
  // status fallbacks for errors Fastify raises itself (bad JSON, body too large, unknown route).
  'VALIDATION_ERROR',
  'INVALID_CHARACTERS',
  'CROSS_SITE_REQUEST',
  'RATE_LIMITED',
  'RESTRICTED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'DB_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  // Guests: sessions, tokens, signup, login, password, newsletter, data protection.
  'NOT_LOGGED_IN',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'LOGIN_DISABLED',
  'INVALID_EMAIL',
  'SCREEN_NAME_TAKEN',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
  'RESET_KEY_INVALID',
  'TRANSFER_INVALID',
  'SESSION_NOT_FOUND',
  'NOT_ACCEPTED',
  'NEWSLETTER_TOKEN_INVALID',
  'NEWSLETTER_TOKEN_EXPIRED',
  'ONE_CLICK_BODY_REQUIRED',
  'GUEST_NOT_FOUND',
  // Age verification.
  'AVS_UNDERAGE',
  'AVS_INVALID_BIRTH_DATE',
  'AVS_ALREADY_PENDING',
  'AVS_ALREADY_ACCEPTED',
  'AVS_REQUEST_NOT_FOUND',
  'AVS_REQUEST_NOT_PENDING',
  'AVS_NOT_PENDING',
  'AVS_NOT_ACCEPTED',
  'AVS_SANDBOX_LINK_INVALID',
  // Wallet.
  'NOT_ENOUGH_MONEY',
  'TRANSACTION_NOT_FOUND',
  'INVALID_TRANSFER',
  'UNKNOWN_ACCOUNT',
  'NOT_REFUNDABLE',
  'ALREADY_REFUNDED',
  // Payments.
  'FLOW_NOT_ALLOWED',
  'PAYTYPE_NOT_ALLOWED',
  'INVALID_AMOUNT',
  'AMOUNT_OUT_OF_RANGE',
  'AMOUNT_MISMATCH',
  'LIMIT_EXCEEDED',
  'LIMIT_OUT_OF_RANGE',
  'THRESHOLD_OUT_OF_RANGE',
  'INVALID_CARD',
  'CARD_EXPIRED',
  'CARD_DECLINED',
  'INVALID_IBAN',
  'CARRIER_REQUIRED',
  'NO_PAYMENT_METHOD',
  'ONE_CLICK_NOT_AVAILABLE',
  'AUTO_RECHARGE_OPEN',
  'UNKNOWN_CHARGE',
  'CHARGE_NOT_AWAITING_CODE',
  'WRONG_CODE',
  'SIGNATURE_MISSING',
  'SIGNATURE_MALFORMED',
  'SIGNATURE_INVALID',
  'SIGNATURE_EXPIRED',
  // Subscriptions (the domain's SubscriptionRuleError codes first).
  'TRIAL_NOT_AVAILABLE',
  'ALREADY_SUBSCRIBED',
  'INCLUDED_IN_VIP',
  'NOT_SUBSCRIBED',
  'ALREADY_CANCELLED',
  'OFFER_NOT_AVAILABLE',
  'PERIOD_OVER',
  'PRODUCT_NOT_OFFERED',
  'SUBSCRIPTION_PENDING',
  'SUBSCRIPTION_ABORTED',
  // Promotions: bonus codes (the domain's redeem refusals), vouchers, purchases.
  ...REDEEM_REFUSALS,
  'BONUS_CODE_EXISTS',
  'INVALID_REWARD',
  'ITEM_FREE',
  // Catalog: actors, galleries, videos, search, pro search, catalog import.
  'ACTOR_NOT_FOUND',
  'ACTOR_BLOCKED_IN_COUNTRY',
  'TAG_GROUP_NOT_FOUND',
  'ALBUM_NOT_FOUND',
  'PICTURE_NOT_FOUND',
  'ALREADY_COMMENTED',
  'COMMENT_EMPTY',
  'COMMENT_TOO_LONG',
  'VIDEO_NOT_FOUND',
  'INVALID_PAYLOAD',
  'INVALID_FILTER',
  'INVALID_SORT',
  'UNKNOWN_GRID_TYPE',
  'UNMAPPED_CATEGORY',
  'INVALID_LANGUAGE',
  'SEARCH_PATTERN_TOO_SHORT',
  'INVALID_ZIP',
  'ZIP_NOT_FOUND',
  'ZIP_REQUIRED_FOR_RADIUS',
  'ZIP_REQUIRED_FOR_DISTANCE',
  'UNKNOWN_CATEGORY',
  'DUPLICATE_NAME',
  'UNKNOWN_IMAGE_KEY',
  'UNKNOWN_ZIP',
  'UNKNOWN_ACTOR',
  // Live chats (live.ts: start refusals, the guest's own sessions, signaling).
  'PERFORMER_OFFLINE',
  'CHAT_TYPE_NOT_OFFERED',
  'PERFORMER_IN_SINGLE',
  'NO_PRIVATE_CHAT_TO_WATCH',
  'GUEST_IN_CHAT',
  'PREVIEW_LIMIT',
  'FREE_CHAT_USED_UP',
  // Ticket shows (issue 18, the show side): a show's admission.
  'TICKET_REQUIRED',
  'SHOW_NOT_STARTED',
  'SHOW_NOT_RUNNING',
  'SHOW_RUNNING',
  // In-session interaction (issue 18): a toy action with a performer without a toy.
  'TOY_NOT_AVAILABLE',
  'LIVE_SESSION_NOT_FOUND',
  'LIVE_SESSION_NOT_ACTIVE',
  'LIVE_SESSION_NOT_ENDED',
  'INVALID_SDP',
  // Conversion chat (issue 18): guest/conversionChat enable.
  'CONVERSION_CHAT_NOT_ELIGIBLE',
  'CONVERSION_CHAT_OVER',
  // Voice calls (issue 18): the telephony side's dial and hangup.
  'VOICECALL_ACTOR_OFFLINE',
  'VOICECALL_ENDED',
  'VOICECALL_NOT_FOUND',
  // Clash of cams (issue 18, contracts live-events.ts): the operator's start and a guest's vote.
  'CLASH_NOT_FOUND',
  'CLASH_WRONG_ACTOR',
  'CLASH_ENDED',
  'CLASH_RUNNING',
  'ALREADY_VOTED',
  // Chat tickets (issue 18; contracts tickets.ts): buying, returning, cancelling a cam show's tickets.
  ...TICKET_ERROR_CODES,
  // Messenger (issue 19; contracts messenger.ts): channels, messages, gifts, paid media.
  ...MESSENGER_OWN_ERROR_CODES,
  // Web push.
  'WEB_PUSH_UNAVAILABLE',
  'WEB_PUSH_SUBSCRIPTION_NOT_FOUND',
  'WEB_PUSH_ENDPOINT_NOT_ALLOWED',
  // Operator API.
  'INTERNAL_TOKEN_MISSING',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Is `code` (from an answer of a possibly newer server) one of ours? */
export const isErrorCode = (code: string): code is ErrorCode => KNOWN.has(code);
