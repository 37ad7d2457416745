/**
 * Rules of top-ups through the payment dialog (issue 4, deliverable 3): amounts, the trial charge,
 * card and IBAN checks, the monthly limit in Europe/Berlin calendar months and when auto-recharge
 * charges. Pure functions: no clock, no I/O (the caller passes `now`).
 */

/** Preset amounts of the charge views (euro cents). */
export const TOP_UP_AMOUNTS_CENTS = [1000, 2000, 5000, 10000] as const;
/** Preset amounts of the auto-recharge view. */
export const AUTO_RECHARGE_AMOUNTS_CENTS = [1000, 2000, 5000] as const;
/** Bounds of one charge (all flows but the trial charge). */
export const MIN_CHARGE_CENTS = 500;
export const MAX_CHARGE_CENTS = 100_000;
/** Flow trialmoneycharge: one fixed small amount, once, for a guest who never paid. */
export const TRIAL_CHARGE_CENTS = 100;
/** Highest auto-recharge threshold a guest may set. */
export const MAX_AUTO_RECHARGE_THRESHOLD_CENTS = 50_000;
/** Highest monthly limit a guest may set (a limit above the largest possible charges is no limit). */
export const MAX_MONTHLY_LIMIT_CENTS = 10_000_000;
/** Carrier billing: wrong SMS codes before the charge fails. */
export const MAX_CARRIER_CODE_ATTEMPTS = 3;

export type AmountProblem = 'AMOUNT_OUT_OF_RANGE' | 'TRIAL_AMOUNT_FIXED';

/** Why an amount cannot be charged in a flow, or null when it can. */
export function amountProblem(flow: string, amountCents: number): AmountProblem | null {
  if (flow === 'trialmoneycharge') return amountCents === TRIAL_CHARGE_CENTS ? null : 'TRIAL_AMOUNT_FIXED';
  if (!Number.isSafeInteger(amountCents) || amountCents < MIN_CHARGE_CENTS || amountCents > MAX_CHARGE_CENTS)
    return 'AMOUNT_OUT_OF_RANGE';
  return null;
}

/** The trial charge is offered once, to a guest who has never paid and never used it. */
export function trialAvailable(state: { isPayingCustomer: boolean; trialUsed: boolean }): boolean {
  return !state.isPayingCustomer && !state.trialUsed;
}

// --- Cards -----------------------------------------------------------------------------------

/** The digits of a card number as typed (spaces and dashes allowed), or null when other characters are in it. */
export function cardDigits(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(compact) ? compact : null;
}

/** The Luhn (mod 10) check digit rule of card numbers. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Card';

export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (two === 34 || two === 37) return 'American Express';
  return 'Card';
}

/** What the guest sees of a stored card: "Visa •••• 4242" (never more than the last four digits). */
export function cardLabel(digits: string): string {
  return `${cardBrandOf(digits)} •••• ${digits.slice(-4)}`;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const firstAfter = Date.UTC(expYear, expMonth, 1); // month is 1-based: this is the next month
  return now.getTime() >= firstAfter;
}

// --- IBAN ------------------------------------------------------------------------------------

/** IBAN lengths of the SEPA countries we take mandates from. */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  DE: 22,
  DK: 18,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  IE: 22,
  IT: 27,
  LI: 21,
  LU: 20,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  SE: 24,
};

/** An IBAN as typed, upper-cased without spaces. */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: known country and length, then the mod-97 check (remainder 1). */
export function ibanValid(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected === undefined || iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** What the guest sees of a SEPA mandate: "DE89 •••• 3000". */
export function ibanLabel(input: string): string {
  const iban = normalizeIban(input);
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

// --- Monthly limit (Europe/Berlin calendar months) ---------------------------------------------

const berlinParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** Offset of Berlin time from UTC at an instant, in milliseconds (+1 h or +2 h). */
function berlinOffsetMs(at: Date): number {
  const parts = Object.fromEntries(berlinParts.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The Berlin calendar month of an instant: year and month (1-12). */
export function berlinMonthOf(at: Date): { year: number; month: number } {
  const local = new Date(at.getTime() + berlinOffsetMs(at));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}

/** The instant Berlin local midnight of the 1st of a month begins. */
function berlinMonthStartOf(year: number, month: number): Date {
  const localMidnight = Date.UTC(year, month - 1, 1);
  // The offset at that local time: try the offset an hour either side (DST never changes at midnight).
  const guess = new Date(localMidnight - berlinOffsetMs(new Date(localMidnight)));
  return new Date(localMidnight - berlinOffsetMs(guess));
}

/** [start, end) of the Europe/Berlin calendar month that contains `now`. */
export function berlinMonthBounds(now: Date): { start: Date; end: Date } {
  const { year, month } = berlinMonthOf(now);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { start: berlinMonthStartOf(year, month), end: berlinMonthStartOf(next.year, next.month) };
}

/**
 * Flow limit: a charge may not take this month's top-ups (succeeded and still open charges) beyond
 * the guest's monthly limit. null: no limit.
 */
export function limitAllows(limitCents: number | null, usedCents: number, amountCents: number): boolean {
  if (limitCents === null) return true;
  return usedCents + amountCents <= limitCents;
}

/** What is left under the limit this month (null: no limit). */
export function limitRemaining(limitCents: number | null, usedCents: number): number | null {
  return limitCents === null ? null : Math.max(0, limitCents - usedCents);
}

// --- Auto-recharge -----------------------------------------------------------------------------

export interface AutoRechargeInput {
  settings: { enabled: boolean; thresholdCents: number; amountCents: number };
  hasMethod: boolean;
  restricted: boolean;
  /** An auto-recharge charge of the guest is still open (created, requires_action or pending). */
  rechargeOpen: boolean;
  change: { kind: string; amountCents: number; balanceAfterCents: number };
}

export type AutoRechargeDecision =
  | { charge: true; amountCents: number }
  | {
      charge: false;
      reason: 'not-a-debit' | 'disabled' | 'no-method' | 'restricted' | 'above-threshold' | 'already-open';
    };

/**
 * Auto-recharge charges the configured amount when a debit (never a top-up or any credit) leaves
 * the balance below the threshold, with a stored method, while no auto-recharge is still open.
 */
export function autoRechargeDecision(input: AutoRechargeInput): AutoRechargeDecision {
  const { settings, change } = input;
  if (change.amountCents >= 0 || change.kind === 'top-up') return { charge: false, reason: 'not-a-debit' };
  if (!settings.enabled) return { charge: false, reason: 'disabled' };
  if (!input.hasMethod) return { charge: false, reason: 'no-method' };
  if (input.restricted) return { charge: false, reason: 'restricted' };
  if (change.balanceAfterCents >= settings.thresholdCents)
    return { charge: false, reason: 'above-threshold' };
  if (input.rechargeOpen) return { charge: false, reason: 'already-open' };
  return { charge: true, amountCents: settings.amountCents };
}
