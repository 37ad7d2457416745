/** What of the ledger leaves the server: the guest's balance and their own wallet entries. */

import type {
  GuestBalance,
  Receipt,
  Transaction,
  TransactionReference,
  TransactionsPage,
} from '@vela/contracts/wallet-api';
import { coinBalanceOf } from '@vela/domain/coin-balance';
import { coinsForEuroCents } from '@vela/domain/coins';
import { LEDGER_CURRENCY } from '@vela/domain/ledger';
import type { HistoryRow } from './wallet.repository.ts';

/** An amount moved (not a balance): coins of its size, rounded up like a price, with its sign. */
const signedCoins = (cents: number) => Math.sign(cents) * coinsForEuroCents(Math.abs(cents)) || 0;

export function presentBalance(balanceCents: number): GuestBalance {
  return { balanceCents, balanceCoins: coinBalanceOf(balanceCents).coins, currency: LEDGER_CURRENCY };
}

/** A short text of a reference value (a word or an id), else undefined. */
function word(value: unknown, max: number): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length > 0 && text.length <= max ? text : undefined;
}

/**
 * The part of a transfer's stored reference a guest may see (TransactionReferenceSchema): payment
 * type and flow, product and period, the item bought, the redeemed code, the refunded transfer.
 * Charge ids, guest ids and anything unknown never leave the server.
 */
export function presentReference(
  reference: Record<string, unknown> | null | undefined,
): TransactionReference {
  const source = reference ?? {};
  const out: TransactionReference = {};
  const set = <K extends keyof TransactionReference>(key: K, value: TransactionReference[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('paytype', word(source.paytype, 40));
  set('flow', word(source.flow, 40));
  set('product', word(source.product, 40));
  const period = source.periodIndex;
  if (typeof period === 'number' && Number.isSafeInteger(period) && period >= 0) out.periodIndex = period;
  const album = word(source.albumId, 40);
  const video = word(source.videoId, 40);
  set('itemType', word(source.itemType, 40) ?? (album ? 'album' : video ? 'video' : undefined));
  set('itemId', album ?? video ?? word(source.itemId, 40));
  set('performerId', word(source.performerId, 40));
  set('code', word(source.code, 64));
  set('refundOf', word(source.refundOf, 40));
  return out;
}

/** The receipt number of a transfer: the same every time (`R-` and at least 8 digits). */
export function receiptNumberOf(transferId: number): string {
  return `R-${String(transferId).padStart(8, '0')}`;
}

export function presentTransaction(row: HistoryRow): Transaction {
  return {
    id: String(row.entryId),
    transferId: String(row.transferId),
    date: row.createdAt.toISOString(),
    kind: row.kind,
    amountCents: row.amountCents,
    amountCoins: signedCoins(row.amountCents),
    balanceAfterCents: row.balanceAfterCents,
    balanceAfterCoins: coinBalanceOf(row.balanceAfterCents).coins,
    currency: LEDGER_CURRENCY,
    reference: presentReference(row.reference),
  };
}

export function presentReceipt(row: HistoryRow): Receipt {
  return {
    ...presentTransaction(row),
    reference: presentReference(row.reference),
    receiptNumber: receiptNumberOf(row.transferId),
  };
}

/** A page of history; `nextBefore` is set when the page is full (there may be more). */
export function presentTransactions(rows: HistoryRow[], limit: number): TransactionsPage {
  const last = rows.at(-1);
  return {
    transactions: rows.map(presentTransaction),
    nextBefore: rows.length === limit && last ? String(last.entryId) : null,
  };
}
