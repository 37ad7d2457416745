/** What of the ledger leaves the server: the guest's balance and their own wallet entries. */
import { coinsForEuroCents } from '@vela/domain/coins';
import { LEDGER_CURRENCY } from '@vela/domain/ledger';
import type { HistoryRow } from './wallet.repository.ts';
import type { GuestBalance, Transaction, TransactionsPage } from './wallet.schema.ts';

const signedCoins = (cents: number) => Math.sign(cents) * coinsForEuroCents(Math.abs(cents)) || 0;

export function presentBalance(balanceCents: number): GuestBalance {
  return { balanceCents, balanceCoins: coinsForEuroCents(balanceCents), currency: LEDGER_CURRENCY };
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
    balanceAfterCoins: coinsForEuroCents(row.balanceAfterCents),
    currency: LEDGER_CURRENCY,
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
