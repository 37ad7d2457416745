/**
 * Shapes of the wallet REST calls (spec 7: `guest/getGuestBalance`, `guest/transactions`), shared by the server,
 * the pages and the payment dialog. Amounts are integer euro cents; coins follow spec 9 (1 EUR = 4 coins, rounded up).
 */
import { TRANSFER_KINDS } from '@vela/domain/ledger';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const MAX_HISTORY_PAGE = 100;
export const DEFAULT_HISTORY_PAGE = 20;

/** `GET /guest/transactions?limit=&before=`: `before` is the `id` of the last row of the previous page. */
export const TransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY_PAGE).default(DEFAULT_HISTORY_PAGE),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>;

export const GuestBalanceSchema = z.object({
  balanceCents: z.number().int().nonnegative(),
  balanceCoins: z.number().int().nonnegative(),
  currency: z.literal('EUR'),
});
export type GuestBalance = z.infer<typeof GuestBalanceSchema>;

/** The transfer kinds a guest's history shows: the ledger's TRANSFER_KINDS; other kinds read as `other`. */
export const TRANSACTION_KINDS = TRANSFER_KINDS;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * What a guest may see of a transfer's stored reference (the detail of the history row): how it was
 * paid, what was bought or subscribed, which code was redeemed, which transfer a refund undid.
 * Everything else of the reference (charge ids, provider data, other guests) stays on the server.
 */
export const TransactionReferenceSchema = z.object({
  /** Top-ups: the payment type (CC, LS, Voice, carrier ...) and the dialog flow. */
  paytype: z.string().max(40).optional(),
  flow: z.string().max(40).optional(),
  /** Subscriptions: the product (vipabo, vxtvabo, ...) and which period. */
  product: z.string().max(40).optional(),
  periodIndex: z.number().int().nonnegative().optional(),
  /** Purchases: the item bought. */
  itemType: z.string().max(40).optional(),
  itemId: z.string().max(40).optional(),
  performerId: z.string().max(40).optional(),
  /** Bonus: the redeemed code. */
  code: z.string().max(64).optional(),
  /** Refunds: the transfer id that was undone. */
  refundOf: z.string().max(40).optional(),
});
export type TransactionReference = z.infer<typeof TransactionReferenceSchema>;

export const TransactionSchema = z.object({
  /** The entry id (the paging cursor). */
  id: z.string(),
  transferId: z.string(),
  /** ISO 8601 UTC. */
  date: z.string(),
  kind: z.string(),
  /** Signed: > 0 money in, < 0 money out. */
  amountCents: z.number().int(),
  /** Signed coins of the amount, the magnitude rounded up (spec 9). */
  amountCoins: z.number().int(),
  balanceAfterCents: z.number().int().nonnegative(),
  balanceAfterCoins: z.number().int().nonnegative(),
  currency: z.literal('EUR'),
  /** The safe detail of the transfer (absent from answers of older servers). */
  reference: TransactionReferenceSchema.optional(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionsPageSchema = z.object({
  transactions: z.array(TransactionSchema),
  /** The `before` of the next page, or null at the end. */
  nextBefore: z.string().nullable(),
});
export type TransactionsPage = z.infer<typeof TransactionsPageSchema>;

/** `GET /guest/transactions/:transferId/receipt`: a transfer of the caller's own wallet. */
export const ReceiptParamsSchema = z.object({
  transferId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A receipt of one wallet movement: the history row plus a stable receipt number. */
export const ReceiptSchema = TransactionSchema.extend({
  /** `R-` and the transfer id, at least 8 digits: the same number every time it is printed. */
  receiptNumber: z.string(),
  reference: TransactionReferenceSchema,
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** The wallet calls of the logged-in guest (decision 0032); always the caller's own wallet. */
export const walletEndpoints = {
  guestBalance: defineEndpoint({
    method: 'GET',
    path: 'guest/getGuestBalance',
    response: GuestBalanceSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  transactions: defineEndpoint({
    method: 'GET',
    path: 'guest/transactions',
    query: TransactionsQuerySchema,
    response: TransactionsPageSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: 'guest/transactions/:transferId/receipt',
    params: ReceiptParamsSchema,
    response: ReceiptSchema,
    errors: ['NOT_LOGGED_IN', 'TRANSACTION_NOT_FOUND'],
  }),
};
