/**
 * The wallet REST calls of the pages (spec 7 paths under /rest/v1), same origin with the session
 * cookie: `guest/getGuestBalance`, `guest/transactions` and a transaction's receipt. Answers are
 * checked against the shared contract; every failure is a `RestError` (../../api/rest.ts) with the
 * server's code (NETWORK when no answer came, INVALID_RESPONSE when the answer does not fit the contract).
 */
import {
  type GuestBalance,
  GuestBalanceSchema,
  type Receipt,
  ReceiptSchema,
  type TransactionsPage,
  TransactionsPageSchema,
} from '@vela/contracts/wallet-api';
import type { z } from 'zod';
import { restData } from '../../api/rest.ts';

const getData = <S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> =>
  restData('GET', path, schema);

export function fetchBalance(): Promise<GuestBalance> {
  return getData('guest/getGuestBalance', GuestBalanceSchema);
}

export function fetchTransactions(
  options: { before?: string | null; limit?: number } = {},
): Promise<TransactionsPage> {
  const query = new URLSearchParams();
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.before) query.set('before', options.before);
  const suffix = query.size > 0 ? `?${query}` : '';
  return getData(`guest/transactions${suffix}`, TransactionsPageSchema);
}

export function fetchReceipt(transferId: string): Promise<Receipt> {
  return getData(`guest/transactions/${encodeURIComponent(transferId)}/receipt`, ReceiptSchema);
}
