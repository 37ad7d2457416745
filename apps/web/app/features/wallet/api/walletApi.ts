/**
 * The wallet REST calls of the pages (spec 7 paths under /rest/v1), same origin with the session
 * cookie: `guest/getGuestBalance`, `guest/transactions` and a transaction's receipt. Answers are
 * checked against the shared contract; every failure is a `RestError` (../../api/rest.ts) with the
 * server's code (NETWORK when no answer came, INVALID_RESPONSE when the answer does not fit the contract).
 */
import type { GuestBalance, Receipt, TransactionsPage } from '@vela/contracts/wallet-api';
import { endpointData } from '../../api/rest.ts';

/**
 * The declarations (with their zod schemas) load with the first call: the shell's balance store
 * imports this module, and every page would otherwise carry them in its first load (decision 0035).
 */
const endpoints = () => import('@vela/contracts/wallet-api').then((contract) => contract.walletEndpoints);

export async function fetchBalance(): Promise<GuestBalance> {
  return endpointData((await endpoints()).guestBalance);
}

export async function fetchTransactions(
  options: { before?: string | null; limit?: number } = {},
): Promise<TransactionsPage> {
  return endpointData((await endpoints()).transactions, {
    query: { limit: options.limit, before: options.before || undefined },
  });
}

export async function fetchReceipt(transferId: string): Promise<Receipt> {
  return endpointData((await endpoints()).receipt, { params: { transferId } });
}
