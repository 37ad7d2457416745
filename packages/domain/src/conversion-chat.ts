/**
 * The conversion chat (issue 18 deliverable 3, docs/decisions/0047): a registered guest who has never
 * paid may enable a trial countdown; while its end lies in the future (spec 4 "Conversion chat
 * eligibility holds while countdown end is in the future") the `conversion-chat` modal offers a short
 * free chat with a performer marked available for it (spec 3 isActorAvailableForConversionChat), paid
 * by the chat-minute vouchers of the trial code (spec 9). Pure rules, no I/O.
 */

/** How long the countdown runs from `enable` (15 minutes). */
export const CONVERSION_CHAT_COUNTDOWN_MS = 15 * 60 * 1000;

/** Spec 9 "conversion chat actors 30": the most performers the modal lists. */
export const CONVERSION_CHAT_ACTORS_LIMIT = 30;

/**
 * Spec 9 "a conversion chat trial code (values not shown)": our value. It is a bonus code of the
 * promotions module (seeded, decision 0014): 5 chat-minute vouchers (type 2) for any performer,
 * redeemable once per guest.
 */
export const CONVERSION_CHAT_TRIAL_CODE = 'CHATTRIAL';

/** Spec 7 `guest/conversionChat` POST actions. */
export const CONVERSION_CHAT_ACTIONS = ['enable', 'disable'] as const;
export type ConversionChatAction = (typeof CONVERSION_CHAT_ACTIONS)[number];

/** A guest's countdown as stored: when it ends, and whether the guest closed it ("no thanks"). */
export interface ConversionChatCountdown {
  endsAt: Date;
  closedAt: Date | null;
}

export interface ConversionChatGuest {
  isLoggedIn: boolean;
  /** Spec 3 isPayingCustomer: a guest who has paid is converted already. */
  isPayingCustomer: boolean;
}

/** Who may have a conversion chat at all: logged in (spec 6) and never paid. */
export function mayConvert(guest: ConversionChatGuest): boolean {
  return guest.isLoggedIn && !guest.isPayingCustomer;
}

/**
 * The countdown end a guest's data shows (spec 3 "conversion chat countdown ends"): the stored end,
 * or null when there is none, the guest closed it, or the guest may not convert (paid meanwhile).
 */
export function countdownEndsOf(
  guest: ConversionChatGuest,
  countdown: ConversionChatCountdown | null,
): Date | null {
  if (!mayConvert(guest) || !countdown || countdown.closedAt !== null) return null;
  return countdown.endsAt;
}

/** Spec 4: eligible while the countdown end is in the future. */
export function isConversionChatEligible(
  guest: ConversionChatGuest,
  countdown: ConversionChatCountdown | null,
  now: number,
): boolean {
  const ends = countdownEndsOf(guest, countdown);
  return ends !== null && ends.getTime() > now;
}

/** Same rule on the ISO string the guest data carries (the page's check). */
export function isCountdownRunning(countdownEnds: string | null | undefined, now: number): boolean {
  if (!countdownEnds) return false;
  const ends = Date.parse(countdownEnds);
  return Number.isFinite(ends) && ends > now;
}

export type EnableDecision =
  | { ok: true; endsAt: Date; created: boolean }
  | { ok: false; code: 'CONVERSION_CHAT_NOT_ELIGIBLE' | 'CONVERSION_CHAT_OVER' };

/**
 * `enable`: a guest gets one countdown. Enabling again while it runs answers the same end (a retry,
 * a second tab); once it ended or was closed it does not start again.
 */
export function decideEnable(
  guest: ConversionChatGuest,
  countdown: ConversionChatCountdown | null,
  now: number,
): EnableDecision {
  if (!mayConvert(guest)) return { ok: false, code: 'CONVERSION_CHAT_NOT_ELIGIBLE' };
  if (!countdown) return { ok: true, endsAt: new Date(now + CONVERSION_CHAT_COUNTDOWN_MS), created: true };
  if (countdown.closedAt === null && countdown.endsAt.getTime() > now) {
    return { ok: true, endsAt: countdown.endsAt, created: false };
  }
  return { ok: false, code: 'CONVERSION_CHAT_OVER' };
}

/** Milliseconds left of a countdown (0 once it passed), for the modal's clock. */
export function countdownMsLeft(countdownEnds: string | null | undefined, now: number): number {
  if (!countdownEnds) return 0;
  const ends = Date.parse(countdownEnds);
  return Number.isFinite(ends) ? Math.max(0, ends - now) : 0;
}
