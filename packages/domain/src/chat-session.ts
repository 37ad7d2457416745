/**
 * The chat session engine (issue 16): whether a chat may start, and the state machine of one
 * running chat as a pure reducer `(state, event, now) -> { state, effects }`. No clock, no I/O: time
 * comes in as `now` (epoch ms), and everything the outside world must do comes out as effects (ask
 * the performer, start or stop the media, charge a minute through the ledger, notify `chatEnd`).
 * The state is plain JSON, so the billing loop stores it and another node can continue it
 * (docs/decisions/0038).
 *
 *   requested --performerAccepted--> starting --mediaUp--> running --(end reason)--> ending --> ended
 *   Chats the performer does not accept (watching, previews, live show) open in `starting`. Any
 *   live state may end; `ending` settles the remaining charges (media already stopped), then
 *   `ended` with `chatEnd`. A session is processed serially: the shell runs the effects of a step
 *   in order and feeds a charge's result back before the session's next event.
 *
 * Billing rules:
 * - Only delivered time is billed: `deliveredMs` grows while the media flows to the guest (from
 *   `mediaUp` until `mediaDown`, a disconnect, a node loss or the end). Minute i (0-based) is due
 *   when `deliveredMs` reaches (i + 1) x `minuteMs`; it is charged once, with the idempotency key
 *   `live:<sessionId>:<i>` (`chargeKey`). The engine emits one charge at a time and waits for its
 *   result (`chargeSucceeded` / `chargeRefused`); a charge without an answer is emitted again with the
 *   same key after `chargeRetryMs` (the ledger answers a replay with the stored transfer).
 * - Chat-minute vouchers pay first (one unit per minute, chat types that take them), then coins.
 * - The last, partial minute: ended by the guest or a limit, its delivered part is charged pro rata
 *   (`floor(price x ms / minuteMs)` cents; a voucher pays it with one whole unit); ended by the
 *   performer or the platform (`chargesPartialMinute`), it is not charged at all.
 * - Never beyond the guest's funds: the engine knows the balance and the voucher minutes (start,
 *   every charge result, `fundsChanged`); when the delivered time reaches what they pay for, the
 *   session ends with 501 and the partial minute is charged exactly up to the funds: the money ends
 *   at the first millisecond worth the whole balance (`fundedMs`), so no cent stays behind.
 * - Start needs the minimum chat balance of spec 9 (0.5 EUR) or a usable voucher minute, else
 *   106 and the not-enough-money modal (`decideChatStart`).
 * - Performer and platform failures stop the billing of the current minute; whole minutes delivered
 *   before the failure stay charged. An end that came due between two events happens at its own
 *   moment: media after it is not counted.
 * - Auto-recharge is not the engine's: the payments module tops the wallet up when a debit (a
 *   minute's charge) takes the balance below the guest's threshold; the top-up reaches the session
 *   as `fundsChanged` and moves the end of the money.
 */
import { type ChatExitCode, chargesPartialMinute, exitCodeInfo } from './chat-exit-codes.ts';
import {
  type ActorChatData,
  CHAT_TYPE_RULES,
  type ChatType,
  chatPricePerMinute,
  isChatTypeOffered,
} from './chat-types.ts';
import {
  type GuestSnapshot,
  isBlockedFromPerformer,
  isEffectivelyLoggedIn,
  livePreviewLimit,
  type RestrictionReason,
  restrictionFor,
} from './restrictions.ts';

/** Spec 9 "Minimum chat balance 0.5": euros (coins have no decimals), so 50 cents. */
export const MIN_CHAT_BALANCE_CENTS = 50;

/** The live preview allowance (spec 6, 9: 5 units, 20 for VIP) counts the units of the last hour. */
export const PREVIEW_WINDOW_MS = 60 * 60 * 1000;

export interface ChatSessionSettings {
  /** Length of a billed minute; 60 000 in production, a real setting (shorter in tests and demos). */
  minuteMs: number;
  /** A guest who lost the connection (page reload, network) may come back within this time. */
  reconnectGraceMs: number;
  /** requested / starting longer than this ends with 199 (a preview 499). */
  startTimeoutMs: number;
  /** No sign of the guest's client (socket ping, spec 9: every 50 s) for this long ends with 108. */
  clientTimeoutMs: number;
  /** Media down while the guest is connected for this long ends with 996 (performer) / 997 (guest). */
  mediaTimeoutMs: number;
  /** One live preview unit: a look of at most this long; it ends with 401 (limit host). */
  previewUnitMs: number;
  /** A charge without an answer for this long is emitted again (same key). */
  chargeRetryMs: number;
}

export const DEFAULT_CHAT_SESSION_SETTINGS: ChatSessionSettings = {
  minuteMs: 60_000,
  reconnectGraceMs: 30_000,
  startTimeoutMs: 30_000,
  clientTimeoutMs: 120_000,
  mediaTimeoutMs: 10_000,
  previewUnitMs: 30_000,
  chargeRetryMs: 5_000,
};

// ---------------------------------------------------------------------------------------------
// Start

export interface ChatStartInput {
  type: ChatType;
  guest: GuestSnapshot;
  /** The caller's country (ISO alpha-2) or null when unknown. */
  guestCountry: string | null;
  actor: ActorChatData;
  /** The performer's stream is FSK-18 (needs the age check). */
  streamIsFsk18: boolean;
  /** The performer is in a livechat or video call with another guest. */
  performerInSingle: boolean;
  balanceCents: number;
  /** The guest's usable chat-minute vouchers with this performer (`voucherChatMinutesFor`). */
  voucherMinutes: number;
  /** Free chat durations (spec 3 Guest): free chat time left, ms. */
  freeChatMsLeft: number;
  /** Live preview units the guest used in the last `PREVIEW_WINDOW_MS`. */
  previewUnitsUsed: number;
}

export type ChatStartRefusalCode =
  | 'NEED_LOGIN'
  | 'NEED_AGE_CHECK'
  | 'ACTOR_BLOCKED_IN_COUNTRY'
  | 'PERFORMER_OFFLINE'
  | 'CHAT_TYPE_NOT_OFFERED'
  | 'PERFORMER_IN_SINGLE'
  | 'NO_PRIVATE_CHAT_TO_WATCH'
  | 'NOT_ENOUGH_MONEY'
  | 'PREVIEW_LIMIT'
  | 'FREE_CHAT_USED_UP';

export type ChatStartDecision =
  | {
      ok: true;
      type: ChatType;
      pricePerMinuteCents: number;
      /** Voucher minutes the session may use (0 for types vouchers do not pay). */
      voucherMinutes: number;
      needsPerformerAccept: boolean;
      /** Free chat: the free time left; preview: one unit; null: limited by money only. */
      allowanceMs: number | null;
    }
  | {
      ok: false;
      code: ChatStartRefusalCode;
      /** The spec 8 exit code the refusal reports (pre-chat or live-preview set), when one fits. */
      exitCode: ChatExitCode | null;
      /** The spec 6 restriction whose dialog resolves it (login, AVS), when one does. */
      restriction: RestrictionReason | null;
      /** The spec 2 modal the page opens (not-enough-money leads to the payment dialog). */
      modal: 'not-enough-money' | null;
    };

function refuse(
  code: ChatStartRefusalCode,
  exitCode: ChatExitCode | null,
  restriction: RestrictionReason | null = null,
): ChatStartDecision {
  return {
    ok: false,
    code,
    exitCode,
    restriction,
    modal: code === 'NOT_ENOUGH_MONEY' ? 'not-enough-money' : null,
  };
}

/**
 * Whether a guest may start a chat of a type with a performer, checked in the order login, banned
 * country, age check, performer online, type offered, performer single, money / allowance. A live
 * preview reports its own codes (spec 8 live-preview set: 405, 406, 498, 407, 404, 402); the other
 * types the pre-chat codes (601, 198, 906, 106) where the spec has one.
 */
export function decideChatStart(input: ChatStartInput, settings: ChatSessionSettings): ChatStartDecision {
  const rule = CHAT_TYPE_RULES[input.type];
  const preview = input.type === 'live-preview';
  if (rule.needsLogin && !isEffectivelyLoggedIn(input.guest)) {
    return refuse('NEED_LOGIN', null, 'need-login');
  }
  if (isBlockedFromPerformer(input.guestCountry, input.actor.bannedCountryCodes)) {
    return refuse('ACTOR_BLOCKED_IN_COUNTRY', preview ? 406 : null);
  }
  if (input.streamIsFsk18) {
    const reason = restrictionFor(input.guest, { ageCheck: true });
    if (reason !== null) return refuse('NEED_AGE_CHECK', preview ? 405 : 601, reason);
  }
  if (!input.actor.isOnline) return refuse('PERFORMER_OFFLINE', preview ? 498 : 198);
  if (!isChatTypeOffered(input.type, input.actor)) {
    return refuse('CHAT_TYPE_NOT_OFFERED', preview ? 407 : null);
  }
  if (input.type === 'voyeur-private-chat') {
    if (!input.performerInSingle) return refuse('NO_PRIVATE_CHAT_TO_WATCH', null);
  } else if (input.performerInSingle) {
    return refuse('PERFORMER_IN_SINGLE', preview ? 404 : 906);
  }
  const price = chatPricePerMinute(input.type, input.actor);
  const voucherMinutes = rule.vouchersPay ? Math.max(0, input.voucherMinutes) : 0;
  if (price > 0 && voucherMinutes === 0 && input.balanceCents < MIN_CHAT_BALANCE_CENTS) {
    return refuse('NOT_ENOUGH_MONEY', 106);
  }
  let allowanceMs: number | null = null;
  if (preview) {
    if (input.previewUnitsUsed >= livePreviewLimit(input.guest)) return refuse('PREVIEW_LIMIT', 402);
    allowanceMs = settings.previewUnitMs;
  }
  if (input.type === 'free-chat') {
    if (input.freeChatMsLeft <= 0) return refuse('FREE_CHAT_USED_UP', 503);
    allowanceMs = input.freeChatMsLeft;
  }
  return {
    ok: true,
    type: input.type,
    pricePerMinuteCents: price,
    voucherMinutes,
    needsPerformerAccept: rule.needsPerformerAccept,
    allowanceMs,
  };
}

/** Live preview units used in the hour before `now`: the starts (media up) of the guest's previews. */
export function previewUnitsUsedInWindow(previewStarts: readonly number[], now: number): number {
  return previewStarts.filter((at) => at <= now && at > now - PREVIEW_WINDOW_MS).length;
}

// ---------------------------------------------------------------------------------------------
// Session state, events, effects

export type ChatSessionStatus = 'requested' | 'starting' | 'running' | 'ending' | 'ended';

export interface PendingCharge {
  minuteIndex: number;
  cents: number;
  paidWith: 'coins' | 'voucher';
  partial: boolean;
  emittedAt: number;
}

export interface ChatSessionState {
  sessionId: string;
  guestId: number;
  actorId: number;
  actorName: string;
  type: ChatType;
  pricePerMinuteCents: number;
  vouchersPay: boolean;
  isToyControl: boolean;
  /** Free chat time or one preview unit, ms of delivered media; null: unlimited. */
  allowanceMs: number | null;
  settings: ChatSessionSettings;

  status: ChatSessionStatus;
  requestedAt: number;
  /** The `now` of the last event the engine took (time never runs backwards in here). */
  lastEventAt: number;

  deliveredMs: number;
  /** Since when media flows to the guest (counts into `deliveredMs`); null while it does not. */
  deliveringSince: number | null;
  mediaDown: { since: number; side: 'performer' | 'guest' } | null;
  /** Since when the guest is disconnected and by whose failure; null while connected. */
  disconnected: { since: number; cause: 'guest' | 'platform' } | null;
  lastGuestSeenAt: number;

  /** Wallet balance after the last charge the engine knows of (before `pending`). */
  balanceCents: number;
  voucherMinutes: number;
  pending: PendingCharge | null;
  /** Minutes 0 .. minutesBilled - 1 are settled (charged, or the partial end). */
  minutesBilled: number;
  spentCents: number;
  voucherMinutesUsed: number;

  exitCode: ChatExitCode | null;
  endedAt: number | null;
  /** Whether the partial last minute is charged (decided at the end by `chargesPartialMinute`). */
  chargeLastPartial: boolean;
}

export interface OpenChatSessionInput {
  sessionId: string;
  guestId: number;
  actorId: number;
  actorName: string;
  /** A start `decideChatStart` allowed. */
  start: Extract<ChatStartDecision, { ok: true }>;
  balanceCents: number;
  isToyControl: boolean;
  settings: ChatSessionSettings;
}

export type ChatSessionEvent =
  | { type: 'performerAccepted' }
  | { type: 'performerDeclined' }
  | { type: 'mediaUp' }
  | { type: 'mediaDown'; side: 'performer' | 'guest' }
  | { type: 'tick' }
  | { type: 'guestAlive' }
  | { type: 'message'; from: 'guest' | 'performer'; text: string }
  | { type: 'guestExit'; code?: 100 | 102 | 103 | 104 | 106 | 901 | 902 | 903 | 904 }
  | { type: 'logout' }
  | { type: 'guestDisconnected' }
  | { type: 'guestReconnected' }
  | { type: 'performerKick' }
  | { type: 'performerStopSend' }
  | { type: 'performerLogout' }
  | { type: 'performerRelogin' }
  | { type: 'performerOffline' }
  | { type: 'performerWentSingle' }
  /**
   * The performer's show started (908). `ticketed`: a ticket show (issue 18, decision 0050) — only
   * its own `ticket-show` sessions go on; without it (a public live show) the multi-chat viewers
   * (live show, voyeur) go on watching it.
   */
  | { type: 'liveShowStarted'; ticketed?: boolean }
  | { type: 'previewDisabled' }
  | { type: 'mediaFailure'; code: 205 | 206 | 207 | 208 | 907 | 910 | 996 | 997 }
  | { type: 'clientError' }
  | { type: 'adminKick' }
  | { type: 'ageCheckRevoked' }
  | { type: 'guestLocked' }
  | { type: 'performerLocked' }
  | { type: 'handOver' }
  | { type: 'fundsChanged'; balanceCents: number; voucherMinutes: number }
  | { type: 'chargeSucceeded'; minuteIndex: number; balanceCents: number; voucherMinutes: number }
  | { type: 'chargeRefused'; minuteIndex: number; balanceCents: number; voucherMinutes: number };

/** Spec 3 "Chat end" fields; `priceCents` is what the chat cost in money (vouchers not included). */
export interface ChatEndNotice {
  chatId: string;
  priceCents: number;
  actorId: number;
  actorName: string;
  isVoyeur: boolean;
  isToyControl: boolean;
}

export type ChatSessionEffect =
  | { type: 'askPerformer'; sessionId: string; actorId: number; chatType: ChatType }
  | { type: 'startMedia'; sessionId: string; guestCamera: boolean }
  | { type: 'stopMedia'; sessionId: string }
  | { type: 'relayMessage'; sessionId: string; from: 'guest' | 'performer'; text: string }
  | {
      type: 'chargeMinute';
      sessionId: string;
      guestId: number;
      actorId: number;
      minuteIndex: number;
      /** Money moved; 0 when a voucher minute pays. */
      cents: number;
      paidWith: 'coins' | 'voucher';
      partial: boolean;
      idempotencyKey: string;
    }
  | {
      type: 'publishMeter';
      sessionId: string;
      guestId: number;
      minutesBilled: number;
      spentCents: number;
      balanceCents: number;
      voucherMinutes: number;
    }
  | { type: 'usePreviewUnit'; sessionId: string; guestId: number; actorId: number; at: number }
  | { type: 'endSession'; sessionId: string; exitCode: ChatExitCode; endedAt: number }
  | {
      type: 'notifyChatEnd';
      guestId: number;
      exitCode: ChatExitCode;
      chatEnd: ChatEndNotice;
      minutesBilled: number;
      voucherMinutesUsed: number;
      /** Free chat: the free time this chat used (to subtract from the guest's free chat duration). */
      freeChatMsUsed: number;
    };

export interface ChatSessionStep {
  state: ChatSessionState;
  effects: ChatSessionEffect[];
}

/** The ledger idempotency key of a session's minute: one transfer per (session, minute). */
export function chargeKey(sessionId: string, minuteIndex: number): string {
  return `live:${sessionId}:${minuteIndex}`;
}

/** A new session for an allowed start: `requested` (asks the performer) or `starting` (joins). */
export function openChatSession(input: OpenChatSessionInput, now: number): ChatSessionStep {
  const rule = CHAT_TYPE_RULES[input.start.type];
  const status: ChatSessionStatus = input.start.needsPerformerAccept ? 'requested' : 'starting';
  const state: ChatSessionState = {
    sessionId: input.sessionId,
    guestId: input.guestId,
    actorId: input.actorId,
    actorName: input.actorName,
    type: input.start.type,
    pricePerMinuteCents: input.start.pricePerMinuteCents,
    vouchersPay: rule.vouchersPay,
    isToyControl: input.isToyControl,
    allowanceMs: input.start.allowanceMs,
    settings: input.settings,
    status,
    requestedAt: now,
    lastEventAt: now,
    deliveredMs: 0,
    deliveringSince: null,
    mediaDown: null,
    disconnected: null,
    lastGuestSeenAt: now,
    balanceCents: input.balanceCents,
    voucherMinutes: rule.vouchersPay ? input.start.voucherMinutes : 0,
    pending: null,
    minutesBilled: 0,
    spentCents: 0,
    voucherMinutesUsed: 0,
    exitCode: null,
    endedAt: null,
    chargeLastPartial: false,
  };
  const effects: ChatSessionEffect[] =
    status === 'requested'
      ? [{ type: 'askPerformer', sessionId: state.sessionId, actorId: state.actorId, chatType: state.type }]
      : [{ type: 'startMedia', sessionId: state.sessionId, guestCamera: rule.guestCamera }];
  return { state, effects };
}

// ---------------------------------------------------------------------------------------------
// Reducer

const isPreview = (s: ChatSessionState) => s.type === 'live-preview';
const isLive = (s: ChatSessionState) =>
  s.status === 'requested' || s.status === 'starting' || s.status === 'running';

/** Counts delivered media up to `now`. */
function advance(s: ChatSessionState, now: number): ChatSessionState {
  if (s.deliveringSince === null || now <= s.deliveringSince) return s;
  return { ...s, deliveredMs: s.deliveredMs + (now - s.deliveringSince), deliveringSince: now };
}

function usableVouchers(s: ChatSessionState): number {
  if (!s.vouchersPay) return 0;
  const pendingVoucher = s.pending?.paidWith === 'voucher' ? 1 : 0;
  return Math.max(0, s.voucherMinutes - pendingVoucher);
}

function projectedBalance(s: ChatSessionState): number {
  return Math.max(0, s.balanceCents - (s.pending?.cents ?? 0));
}

/**
 * How much delivered time the charges so far plus the funds pay for (Infinity for a free chat).
 * The part of a minute the last cents pay for rounds UP to the millisecond: the money ends at the
 * first millisecond whose pro-rata value (`price x ms / minuteMs`) reaches the balance, so the
 * partial minute charged at 501 (`floor(price x ms / minuteMs)`, capped by the balance) takes the
 * whole balance. Rounded down (as before), that charge came out one cent short and the cent stayed
 * in the wallet although it could pay nothing more. The guest never pays for time not delivered: the
 * delivered part is worth at least the balance (by less than one millisecond's price more).
 */
export function fundedMs(s: ChatSessionState): number {
  const price = s.pricePerMinuteCents;
  if (price === 0) return Number.POSITIVE_INFINITY;
  const minute = s.settings.minuteMs;
  const settled = s.minutesBilled + (s.pending ? 1 : 0);
  const balance = projectedBalance(s);
  const wholeMinutes = settled + usableVouchers(s) + Math.floor(balance / price);
  return wholeMinutes * minute + Math.ceil(((balance % price) * minute) / price);
}

/** The delivered time the engine may bill: never more than the funds pay for. */
function billableMs(s: ChatSessionState): number {
  return Math.min(s.deliveredMs, fundedMs(s));
}

/** The next charge to emit, or null: due whole minutes first, then (ending) the partial last one. */
function nextCharge(s: ChatSessionState, now: number): PendingCharge | null {
  if (s.pending !== null || s.pricePerMinuteCents === 0) return null;
  if (s.status !== 'running' && s.status !== 'ending') return null;
  const minute = s.settings.minuteMs;
  const price = s.pricePerMinuteCents;
  const index = s.minutesBilled;
  const billable = billableMs(s);
  const byVoucher = usableVouchers(s) > 0;
  if (billable >= (index + 1) * minute) {
    return byVoucher
      ? { minuteIndex: index, cents: 0, paidWith: 'voucher', partial: false, emittedAt: now }
      : { minuteIndex: index, cents: price, paidWith: 'coins', partial: false, emittedAt: now };
  }
  if (s.status !== 'ending' || !s.chargeLastPartial) return null;
  const partialMs = billable - index * minute;
  if (partialMs <= 0) return null;
  if (byVoucher) return { minuteIndex: index, cents: 0, paidWith: 'voucher', partial: true, emittedAt: now };
  const cents = Math.min(projectedBalance(s), Math.floor((price * partialMs) / minute));
  if (cents <= 0) return null;
  return { minuteIndex: index, cents, paidWith: 'coins', partial: true, emittedAt: now };
}

function chargeEffect(s: ChatSessionState, charge: PendingCharge): ChatSessionEffect {
  return {
    type: 'chargeMinute',
    sessionId: s.sessionId,
    guestId: s.guestId,
    actorId: s.actorId,
    minuteIndex: charge.minuteIndex,
    cents: charge.cents,
    paidWith: charge.paidWith,
    partial: charge.partial,
    idempotencyKey: chargeKey(s.sessionId, charge.minuteIndex),
  };
}

/** The code a session of this type ends with: a live preview reports its own set. */
function codeFor(s: ChatSessionState, code: ChatExitCode, previewCode: ChatExitCode): ChatExitCode {
  return isPreview(s) ? previewCode : code;
}

/** Decides the end: media stops at once, then the remaining minutes are settled. */
function end(s: ChatSessionState, code: ChatExitCode, now: number, effects: ChatSessionEffect[]) {
  const stopped: ChatSessionState = {
    ...advance(s, now),
    deliveringSince: null,
    status: 'ending',
    exitCode: code,
    endedAt: now,
    chargeLastPartial: chargesPartialMinute(code),
  };
  if (s.status === 'running' || s.status === 'starting') {
    effects.push({ type: 'stopMedia', sessionId: s.sessionId });
  }
  effects.push({ type: 'endSession', sessionId: s.sessionId, exitCode: code, endedAt: now });
  return stopped;
}

/** Emits the next due charge; an `ending` session with nothing left to charge becomes `ended`. */
function settle(s: ChatSessionState, now: number, effects: ChatSessionEffect[]): ChatSessionState {
  const charge = nextCharge(s, now);
  if (charge) {
    effects.push(chargeEffect(s, charge));
    return { ...s, pending: charge };
  }
  if (s.status === 'ending' && s.pending === null && s.exitCode !== null) {
    effects.push({
      type: 'notifyChatEnd',
      guestId: s.guestId,
      exitCode: s.exitCode,
      chatEnd: {
        chatId: s.sessionId,
        priceCents: s.spentCents,
        actorId: s.actorId,
        actorName: s.actorName,
        isVoyeur: CHAT_TYPE_RULES[s.type].isVoyeur,
        isToyControl: s.isToyControl,
      },
      minutesBilled: s.minutesBilled,
      voucherMinutesUsed: s.voucherMinutesUsed,
      freeChatMsUsed: s.type === 'free-chat' ? Math.min(s.deliveredMs, s.allowanceMs ?? s.deliveredMs) : 0,
    });
    return { ...s, status: 'ended' };
  }
  return s;
}

/**
 * The time-driven ends of a session, checked on every event. When a late tick finds several due
 * (the money ran out, then the client timed out), the one that came first wins.
 */
function timedEnd(s: ChatSessionState, now: number): { at: number; code: ChatExitCode } | null {
  const cfg = s.settings;
  const due: { at: number; code: ChatExitCode }[] = [];
  const graceCode = (d: { cause: 'guest' | 'platform' }) =>
    d.cause === 'platform' ? 910 : codeFor(s, 107, 408);
  if (s.status === 'requested' || s.status === 'starting') {
    if (s.disconnected)
      due.push({ at: s.disconnected.since + cfg.reconnectGraceMs, code: graceCode(s.disconnected) });
    due.push({ at: s.requestedAt + cfg.startTimeoutMs, code: codeFor(s, 199, 499) });
  } else if (s.status === 'running') {
    if (s.disconnected) {
      due.push({ at: s.disconnected.since + cfg.reconnectGraceMs, code: graceCode(s.disconnected) });
    } else {
      due.push({ at: s.lastGuestSeenAt + cfg.clientTimeoutMs, code: codeFor(s, 108, 408) });
      if (s.mediaDown) {
        due.push({
          at: s.mediaDown.since + cfg.mediaTimeoutMs,
          code: s.mediaDown.side === 'performer' ? 996 : 997,
        });
      }
    }
    // Delivered-time limits: reached `deliveredMs - limit` ago if the media is flowing now.
    const reachedAt = (limit: number) => (s.deliveringSince === null ? now : now - (s.deliveredMs - limit));
    if (s.allowanceMs !== null && s.deliveredMs >= s.allowanceMs) {
      due.push({ at: reachedAt(s.allowanceMs), code: isPreview(s) ? 401 : 503 });
    }
    const funded = fundedMs(s);
    if (s.deliveredMs >= funded) due.push({ at: reachedAt(funded), code: 501 });
  }
  let first: { at: number; code: ChatExitCode } | null = null;
  for (const candidate of due) {
    if (candidate.at <= now && (first === null || candidate.at < first.at)) first = candidate;
  }
  return first;
}

/** The end code an event causes in this session, or null when the event does not end it. */
function eventEnd(s: ChatSessionState, event: ChatSessionEvent): ChatExitCode | null {
  const beforeRunning = s.status === 'requested' || s.status === 'starting';
  switch (event.type) {
    case 'guestExit':
      return event.code ?? 100;
    case 'logout':
      return 101;
    case 'performerDeclined':
      return s.status === 'requested' ? 201 : null;
    case 'performerKick':
      return 201;
    case 'performerStopSend':
      return codeFor(s, 202, 403);
    case 'performerLogout':
      return codeFor(s, 203, 403);
    case 'performerRelogin':
      return codeFor(s, 204, 403);
    case 'performerOffline':
      return isPreview(s) ? (beforeRunning ? 498 : 403) : beforeRunning ? 198 : 203;
    case 'performerWentSingle':
      return s.type === 'voyeur-private-chat' || CHAT_TYPE_RULES[s.type].exclusive
        ? null
        : codeFor(s, 906, 404);
    case 'liveShowStarted':
      if (s.type === 'ticket-show') return null;
      return !event.ticketed && (s.type === 'live-show' || s.type === 'voyeur-chat') ? null : 908;
    case 'previewDisabled':
      return isPreview(s) ? 407 : null;
    case 'mediaFailure':
      return event.code;
    case 'clientError':
      return 105;
    case 'adminKick':
      return 301;
    case 'ageCheckRevoked':
      return codeFor(s, 601, 405);
    case 'guestLocked':
      return 920;
    case 'performerLocked':
      return 921;
    default:
      return null;
  }
}

function applyFunds(s: ChatSessionState, balanceCents: number, voucherMinutes: number): ChatSessionState {
  return { ...s, balanceCents, voucherMinutes: s.vouchersPay ? voucherMinutes : 0 };
}

function meter(s: ChatSessionState): ChatSessionEffect {
  return {
    type: 'publishMeter',
    sessionId: s.sessionId,
    guestId: s.guestId,
    minutesBilled: s.minutesBilled,
    spentCents: s.spentCents,
    balanceCents: s.balanceCents,
    voucherMinutes: s.voucherMinutes,
  };
}

/** Takes the event's facts into the state (no end decisions yet). */
function take(s: ChatSessionState, event: ChatSessionEvent, now: number, effects: ChatSessionEffect[]) {
  switch (event.type) {
    case 'performerAccepted':
      if (s.status !== 'requested') return s;
      effects.push({
        type: 'startMedia',
        sessionId: s.sessionId,
        guestCamera: CHAT_TYPE_RULES[s.type].guestCamera,
      });
      return { ...s, status: 'starting' as const };
    case 'mediaUp':
      if (s.status === 'starting') {
        if (isPreview(s)) {
          effects.push({
            type: 'usePreviewUnit',
            sessionId: s.sessionId,
            guestId: s.guestId,
            actorId: s.actorId,
            at: now,
          });
        }
        return { ...s, status: 'running' as const, deliveringSince: now, mediaDown: null };
      }
      if (s.status === 'running' && s.disconnected === null && s.deliveringSince === null) {
        return { ...s, deliveringSince: now, mediaDown: null };
      }
      return s;
    case 'mediaDown':
      if (s.status !== 'running' || s.deliveringSince === null) return s;
      return { ...s, deliveringSince: null, mediaDown: { since: now, side: event.side } };
    case 'guestAlive':
      return { ...s, lastGuestSeenAt: now };
    case 'message': {
      const rule = CHAT_TYPE_RULES[s.type];
      const mayWrite = event.from === 'performer' || !rule.isVoyeur;
      if (s.status !== 'running' || !mayWrite) return s;
      effects.push({ type: 'relayMessage', sessionId: s.sessionId, from: event.from, text: event.text });
      return event.from === 'guest' ? { ...s, lastGuestSeenAt: now } : s;
    }
    case 'guestDisconnected':
      if (s.disconnected !== null) return s;
      return { ...s, deliveringSince: null, disconnected: { since: now, cause: 'guest' as const } };
    case 'guestReconnected':
      // Media counts again only with the next mediaUp (the new peer connection); if that does not
      // come within the media timeout, the session ends with 997.
      if (s.disconnected === null) return { ...s, lastGuestSeenAt: now };
      return {
        ...s,
        disconnected: null,
        lastGuestSeenAt: now,
        mediaDown: s.status === 'running' ? { since: now, side: 'guest' as const } : s.mediaDown,
      };
    case 'handOver': {
      // Another node continues a session whose node died: nothing after the last event the dead
      // node took counts as delivered; the guest reconnects within the grace period or the session
      // ends with 910 (a platform failure: the current minute is not charged).
      const since = s.lastEventAt;
      const resumed: ChatSessionState = {
        ...s,
        deliveringSince: null,
        mediaDown: null,
        disconnected: s.status === 'running' ? { since, cause: 'platform' } : s.disconnected,
      };
      if (resumed.pending) {
        effects.push(chargeEffect(resumed, resumed.pending));
        return { ...resumed, pending: { ...resumed.pending, emittedAt: now } };
      }
      return resumed;
    }
    case 'fundsChanged':
      return applyFunds(s, event.balanceCents, event.voucherMinutes);
    case 'chargeSucceeded': {
      const pending = s.pending;
      if (!pending || pending.minuteIndex !== event.minuteIndex) return s;
      const paid: ChatSessionState = {
        ...applyFunds(s, event.balanceCents, event.voucherMinutes),
        pending: null,
        minutesBilled: pending.minuteIndex + 1,
        spentCents: s.spentCents + pending.cents,
        voucherMinutesUsed: s.voucherMinutesUsed + (pending.paidWith === 'voucher' ? 1 : 0),
      };
      effects.push(meter(paid));
      return paid;
    }
    case 'chargeRefused': {
      if (!s.pending || s.pending.minuteIndex !== event.minuteIndex) return s;
      // Nothing was written (a refused transfer keeps its key free); re-planned with the real funds.
      return { ...applyFunds(s, event.balanceCents, event.voucherMinutes), pending: null };
    }
    case 'tick':
      if (s.pending && now - s.pending.emittedAt >= s.settings.chargeRetryMs) {
        effects.push(chargeEffect(s, s.pending));
        return { ...s, pending: { ...s.pending, emittedAt: now } };
      }
      return s;
    default:
      return s;
  }
}

/**
 * One step of a session: takes the event at `now`, decides an end (a time-driven end that came due
 * before the event first, then the event's own cause, then time-driven ends the event caused),
 * emits the due charge and, once all is settled, `chatEnd`. Events that do not apply to the
 * current state change nothing; charge results and funds are taken in every state but `ended`.
 */
export function reduceChatSession(
  state: ChatSessionState,
  event: ChatSessionEvent,
  now: number,
): ChatSessionStep {
  if (state.status === 'ended') return { state, effects: [] };
  const at = Math.max(now, state.lastEventAt);
  const effects: ChatSessionEffect[] = [];
  const deliveringBefore = state.deliveringSince;
  // A hand-over must not count the time since the dead node's last event.
  let s = event.type === 'handOver' ? state : advance(state, at);
  // An end that came due before this event (no tick in between) happened first.
  const overdue = isLive(s) && event.type !== 'handOver' ? timedEnd(s, at) : null;
  if (overdue) s = endOverdue(s, overdue, at, deliveringBefore, effects);
  s = take(s, event, at, effects);
  s = { ...s, lastEventAt: at };
  if (isLive(s)) {
    const code = eventEnd(s, event);
    if (code !== null) s = end(s, code, at, effects);
    else {
      const timed = timedEnd(s, at);
      if (timed) s = endOverdue(s, timed, at, deliveringBefore, effects);
    }
  }
  s = settle(s, at, effects);
  return { state: s, effects };
}

/** Ends at the moment a time-driven end came due; media delivered after it is not counted. */
function endOverdue(
  s: ChatSessionState,
  due: { at: number; code: ChatExitCode },
  now: number,
  deliveringBefore: number | null,
  effects: ChatSessionEffect[],
): ChatSessionState {
  const late = deliveringBefore === null ? 0 : Math.max(0, now - Math.max(due.at, deliveringBefore));
  return end({ ...s, deliveredMs: s.deliveredMs - late }, due.code, due.at, effects);
}

/**
 * The next moment a `tick` changes this session (a minute completes, the funds or the allowance
 * run out, a grace period or timeout expires, a charge is due for a retry), or null when only
 * events can. The billing loop sleeps until then (or its own interval, whichever is sooner).
 */
export function nextDeadline(s: ChatSessionState): number | null {
  const cfg = s.settings;
  const candidates: number[] = [];
  if (s.pending) candidates.push(s.pending.emittedAt + cfg.chargeRetryMs);
  if (s.status === 'requested' || s.status === 'starting') {
    candidates.push(s.requestedAt + cfg.startTimeoutMs);
    if (s.disconnected) candidates.push(s.disconnected.since + cfg.reconnectGraceMs);
  }
  if (s.status === 'running') {
    if (s.disconnected) candidates.push(s.disconnected.since + cfg.reconnectGraceMs);
    else candidates.push(s.lastGuestSeenAt + cfg.clientTimeoutMs);
    if (s.mediaDown && !s.disconnected) candidates.push(s.mediaDown.since + cfg.mediaTimeoutMs);
    if (s.deliveringSince !== null) {
      const from = s.deliveringSince - s.deliveredMs;
      if (s.pricePerMinuteCents > 0 && !s.pending) {
        candidates.push(from + (s.minutesBilled + 1) * cfg.minuteMs);
      }
      const funded = fundedMs(s);
      if (Number.isFinite(funded)) candidates.push(from + funded);
      if (s.allowanceMs !== null) candidates.push(from + s.allowanceMs);
    }
  }
  return candidates.length === 0 ? null : Math.min(...candidates);
}

/** The spec 8 words of the code a session ended with (the exit dialog's reason), or null. */
export function exitReasonOf(s: ChatSessionState): string | null {
  return s.exitCode === null ? null : exitCodeInfo(s.exitCode).name;
}
