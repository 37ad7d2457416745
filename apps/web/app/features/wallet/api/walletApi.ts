/**
 * The wallet REST calls of the pages (spec 7 paths under /rest/v1), same origin with the session
 * cookie: `guest/getGuestBalance`, `guest/transactions` and a transaction's receipt. Answers are
 * checked against the shared contract; every failure is a `RestError` (../../api/rest.ts) with the
 * server's code (NETWORK when no answer came, INVALID_RESPONSE when the answer does not fit the contract).
 */
import type { GuestBalance, Receipt, TransactionsPage } from '@vela/contracts/wallet-api';
import { walletEndpoints } from '@vela/contracts/wallet-api';
import { endpointData } from '../../api/rest.ts';

export function fetchBalance(): Promise<GuestBalance> {
  return endpointData(walletEndpoints.guestBalance);
}

export function fetchTransactions(
  options: { before?: string | null; limit?: number } = {},
): Promise<TransactionsPage> {
  return endpointData(walletEndpoints.transactions, {
    query: { limit: options.limit, before: options.before || undefined },
  });
}

export function fetchReceipt(transferId: string): Promise<Receipt> {
  return endpointData(walletEndpoints.receipt, { params: { transferId } });
}
