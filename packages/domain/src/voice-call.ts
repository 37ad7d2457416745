/**
 * Voice calls (spec 1 "anonymous voice callers", spec 2 paytype Voice, spec 3 `isVoicecallActive` /
 * `isAnonymousVoicecall`, spec 4, spec 7 `voicecall stop (voicecallIdHash)` and the GraphQL
 * "anonymous voice call chat (accessToken, actorId)", spec 8 exit codes 903 / 904). Pure rules; the
 * server's voicecall module stores the calls (decision 0051).
 *
 * A guest calls a performer's voice number; the telephony provider reports the call. A caller whose
 * number a guest verified (pin call) is that guest's voice call; any other caller is the anonymous
 * voice caller, who gets an access token to enter on the website. The phone bill pays: at hangup the
 * call's started minutes are one charge with paytype Voice.
 */
/** Spec 8: the voice call ended by hanging up / by a new call of the same caller. */
export const VOICE_CALL_HANGUP_EXIT_CODE = 903;
export const VOICE_CALL_NEW_CHAT_EXIT_CODE = 904;
export type VoiceCallExitCode = typeof VOICE_CALL_HANGUP_EXIT_CODE | typeof VOICE_CALL_NEW_CHAT_EXIT_CODE;

/**
 * The tariff of the voice number in euro cents per started minute (a premium-rate number's price is
 * the number's, the same for every performer; ours to choose, decision 0051).
 */
export const VOICE_CALL_CENTS_PER_MINUTE = 199;

/** How long the anonymous caller's access token may be entered after the call started. */
export const VOICE_CALL_TOKEN_TTL_MS = 15 * 60 * 1000;

/** The access token the IVR speaks: 8 digits (a phone keypad and a person can both handle it). */
export const VOICE_CALL_TOKEN_DIGITS = 8;

/**
 * Result codes of `anonymousVoiceCallChat` (spec 4: 2000 starts the server-mode live chat, any other
 * code is shown as an error). The codes other than 2000 are ours (decision 0051).
 */
export const ANONYMOUS_VOICE_CALL_RESULTS = {
  OK: 2000,
  /** No call has this token (a typing error, or never issued). */
  INVALID_TOKEN: 2001,
  /** The token is older than `VOICE_CALL_TOKEN_TTL_MS` and was never entered. */
  TOKEN_EXPIRED: 2002,
  /** The call was hung up (or replaced by a new call). */
  CALL_ENDED: 2003,
  /** The call is to another performer than the page's. */
  OTHER_ACTOR: 2004,
  /** Another browser session already entered the token. */
  TOKEN_USED: 2005,
  /** A logged-in guest's page: the anonymous caller's chat is for visitors (log out first). */
  LOGGED_IN: 2006,
} as const;
export type AnonymousVoiceCallResult =
  (typeof ANONYMOUS_VOICE_CALL_RESULTS)[keyof typeof ANONYMOUS_VOICE_CALL_RESULTS];

/**
 * sessionStorage key: this tab's browser session joined an anonymous voice call (set on 2000, removed
 * when the call ended). The pages read it as `isAnonymousVoicecall` (spec 6: no adult-market modal).
 */
export const VOICE_CALL_TAB_KEY = 'vela.voicecall.anonymous';

/** The page reloads this long after the anonymous caller's dialog closed or succeeded (spec 4). */
export const VOICE_CALL_VISITOR_RELOAD_MS = 100;

/** Minutes a call of `durationMs` is billed for: every started minute; 0 for a call that never ran. */
export function voiceCallBilledMinutes(durationMs: number, minuteMs: number): number {
  if (!Number.isFinite(durationMs) || durationMs <= 0) return 0;
  if (!Number.isInteger(minuteMs) || minuteMs <= 0)
    throw new RangeError('minuteMs must be a positive integer');
  return Math.ceil(durationMs / minuteMs);
}

export function voiceCallCents(
  durationMs: number,
  minuteMs: number,
  centsPerMinute = VOICE_CALL_CENTS_PER_MINUTE,
) {
  return voiceCallBilledMinutes(durationMs, minuteMs) * centsPerMinute;
}

/** A token as a person types it (spaces and dashes allowed), or null when it cannot be one. */
export function normalizeVoiceCallToken(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const digits = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${VOICE_CALL_TOKEN_DIGITS}}$`).test(digits) ? digits : null;
}

/** E.164: +, a non-zero digit, at most 15 digits in all. */
export function isE164(phone: string): boolean {
  return typeof phone === 'string' && /^\+[1-9]\d{6,14}$/.test(phone);
}

export interface AnonymousCallView {
  actorId: number;
  status: 'active' | 'ended';
  startedAt: number;
  /** The browser session that entered the token, if any. */
  claimedBySession: number | null;
}

/**
 * The answer to an entered token (the call found by it, or undefined): 2000 only for a running call of
 * this performer within the token's time, entered by no other session (the same session again is 2000).
 */
export function decideAnonymousJoin(input: {
  call: AnonymousCallView | undefined;
  actorId: number;
  sessionId: number;
  loggedIn: boolean;
  now: number;
  tokenTtlMs?: number;
}): AnonymousVoiceCallResult {
  const R = ANONYMOUS_VOICE_CALL_RESULTS;
  if (input.loggedIn) return R.LOGGED_IN;
  const { call } = input;
  if (!call) return R.INVALID_TOKEN;
  if (call.status !== 'active') return R.CALL_ENDED;
  if (call.actorId !== input.actorId) return R.OTHER_ACTOR;
  if (call.claimedBySession !== null) {
    return call.claimedBySession === input.sessionId ? R.OK : R.TOKEN_USED;
  }
  if (input.now - call.startedAt > (input.tokenTtlMs ?? VOICE_CALL_TOKEN_TTL_MS)) return R.TOKEN_EXPIRED;
  return R.OK;
}
