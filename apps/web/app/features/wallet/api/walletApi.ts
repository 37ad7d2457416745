/**
 * The wallet REST calls of the pages (spec 7 paths under /rest/v1), same origin with the session
 * cookie: `guest/getGuestBalance`, `guest/transactions` and a transaction's receipt. Answers are
 * checked against the shared contract; every failure is a `WalletApiError` with the server's code
 * (NETWORK when no answer came, INVALID_RESPONSE when the answer does not fit the contract).
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

export class WalletApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'WalletApiError';
  }
}

async function getData<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(`/rest/v1/${path}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new WalletApiError('NETWORK', 'No answer from the server', 0);
  }
  let body: { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } } = {};
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null) body = parsed as typeof body;
  } catch {
    // No JSON: an error of the response status below.
  }
  if (!response.ok || body.success !== true) {
    const code = typeof body.error?.code === 'string' ? body.error.code : null;
    throw new WalletApiError(
      code ?? (response.status === 401 ? 'NOT_LOGGED_IN' : 'UNKNOWN'),
      typeof body.error?.message === 'string' ? body.error.message : response.statusText,
      response.status,
    );
  }
  const data = schema.safeParse(body.data);
  if (!data.success) throw new WalletApiError('INVALID_RESPONSE', 'Unexpected answer', response.status);
  return data.data;
}

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
