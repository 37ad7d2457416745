/**
 * Ledger rules (issue 4, deliverable 1): double-entry bookkeeping in integer euro cents.
 *
 * Money only moves as a transfer: a list of postings, each a signed amount on one account, that
 * sums to exactly zero. Pure rules, no I/O: the server's wallet module applies them inside one
 * database transaction, and the database enforces the same invariants again (docs/decisions/0011).
 */

/** The kinds of ledger accounts. */
export const ACCOUNT_KINDS = [
  'guest-wallet',
  'voucher',
  'platform-revenue',
  'performer-earnings',
  'provider-clearing',
  'promotions',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * What a transfer is for (stored on the transfer; the history shows it). `chat`: one billed minute of
 * a live chat (issue 16, docs/decisions/0038), key `live:<session>:<minute>`. Issue 18: `ticket` a cam
 * show ticket (spec 3 chat ticket), `tip` a tip in a live session (spec 5: sent in coins), `toy` one
 * paid toy-control action. Issue 19: `message` a paid messenger message (text and gifts bought with
 * it), key `message:<guest>:<idempotencyKey>`.
 */
export const TRANSFER_KINDS = [
  'top-up',
  'purchase',
  'refund',
  'subscription',
  'bonus',
  'chat',
  'ticket',
  'tip',
  'toy',
  'message',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** The one currency of the ledger. */
export const LEDGER_CURRENCY = 'EUR';

/**
 * Only provider clearing and promotions may go below zero. Clearing mirrors money that came in from
 * outside (a top-up paid at the payment provider debits clearing and credits the wallet);
 * promotions is the platform's marketing budget that bonus coins are paid from (its negative
 * balance is what bonuses cost). Wallets, vouchers, revenue and earnings hold real money and are
 * never negative.
 */
export function mayGoNegative(kind: AccountKind): boolean {
  return kind === 'provider-clearing' || kind === 'promotions';
}

export function isAccountKind(value: unknown): value is AccountKind {
  return typeof value === 'string' && (ACCOUNT_KINDS as readonly string[]).includes(value);
}

/** One line of a transfer: `amountCents` > 0 credits the account, < 0 debits it. */
export interface Posting<A = number> {
  account: A;
  amountCents: number;
}

export type TransferRuleViolation =
  | 'TOO_FEW_POSTINGS'
  | 'INVALID_AMOUNT'
  | 'ZERO_AMOUNT'
  | 'NOT_BALANCED'
  | 'DUPLICATE_ACCOUNT';

export class TransferRuleError extends Error {
  constructor(
    readonly violation: TransferRuleViolation,
    message: string,
  ) {
    super(message);
    this.name = 'TransferRuleError';
  }
}

/**
 * The violated rule of a transfer's postings, or null when they are valid: at least 2 postings,
 * every amount a non-zero safe integer, no account twice, sum exactly zero.
 */
export function transferViolation<A>(postings: readonly Posting<A>[]): TransferRuleError | null {
  if (postings.length < 2) {
    return new TransferRuleError('TOO_FEW_POSTINGS', 'A transfer needs at least 2 postings');
  }
  const seen = new Set<A>();
  let sum = 0;
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amountCents)) {
      return new TransferRuleError(
        'INVALID_AMOUNT',
        `Amount ${String(posting.amountCents)} is not a whole number of cents`,
      );
    }
    if (posting.amountCents === 0) {
      return new TransferRuleError('ZERO_AMOUNT', 'A posting of 0 cents moves nothing');
    }
    if (seen.has(posting.account)) {
      return new TransferRuleError('DUPLICATE_ACCOUNT', `Account ${String(posting.account)} is posted twice`);
    }
    seen.add(posting.account);
    sum += posting.amountCents;
    if (!Number.isSafeInteger(sum)) {
      return new TransferRuleError('INVALID_AMOUNT', 'The postings overflow a safe integer');
    }
  }
  if (sum !== 0) {
    return new TransferRuleError('NOT_BALANCED', `The postings sum to ${sum} cents, not 0`);
  }
  return null;
}

/** Throws the TransferRuleError of invalid postings. */
export function assertValidTransfer<A>(postings: readonly Posting<A>[]): void {
  const violation = transferViolation(postings);
  if (violation) throw violation;
}

/** The balance an account would have after a posting, or null when its kind may not go there. */
export function balanceAfter(kind: AccountKind, balanceCents: number, amountCents: number): number | null {
  const after = balanceCents + amountCents;
  if (!Number.isSafeInteger(after)) return null;
  if (after < 0 && !mayGoNegative(kind)) return null;
  return after;
}

/** The postings that undo a transfer (a refund is a new reversing transfer, never an edit). */
export function reversePostings<A>(postings: readonly Posting<A>[]): Posting<A>[] {
  return postings.map((p) => ({ account: p.account, amountCents: -p.amountCents }));
}

/**
 * How a purchase price is split when a performer earns a share: the performer gets
 * `performerShare` of the price rounded down to whole cents, the platform the rest (never a cent lost).
 */
export function splitPurchase(
  priceCents: number,
  performerShare: number,
): { performerCents: number; platformCents: number } {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) {
    throw new RangeError(`Invalid price ${priceCents}`);
  }
  if (!(performerShare >= 0 && performerShare <= 1)) throw new RangeError(`Invalid share ${performerShare}`);
  const performerCents = Math.floor(priceCents * performerShare);
  return { performerCents, platformCents: priceCents - performerCents };
}

/** The performer's share of a purchase when nothing else is agreed. */
export const DEFAULT_PERFORMER_SHARE = 0.5;
