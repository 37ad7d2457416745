/**
 * Shapes of the wallet REST calls (spec 7: `guest/getGuestBalance`, `guest/transactions`), shared by the server,
 * the pages and the payment dialog. Amounts are integer euro cents; coins follow spec 9 (1 EUR = 4 coins, rounded up).
 */
import { z } from 'zod';

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
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionsPageSchema = z.object({
  transactions: z.array(TransactionSchema),
  /** The `before` of the next page, or null at the end. */
  nextBefore: z.string().nullable(),
});
export type TransactionsPage = z.infer<typeof TransactionsPageSchema>;
