/**
 * All SQL of the ledger: accounts, transfers and their entries. The transfer use case runs these
 * inside one transaction (`db.transaction(tx => createWalletRepository(tx))`); row locks are taken
 * here, their order is the service's business (ascending account id).
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, inArray, lt, ne, type SQL, sql } from '@vela/db/orm';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '@vela/db/schema/wallet';
import type { AccountKind } from '@vela/domain/ledger';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** Who an account belongs to: a guest (wallets, vouchers), a reference (a performer), or nobody. */
export interface AccountOwner {
  guestId?: number | null;
  ref?: string | null;
}

export interface HistoryRow {
  entryId: number;
  transferId: number;
  createdAt: Date;
  kind: string;
  amountCents: number;
  balanceAfterCents: number;
  /** The transfer's reference as stored (the presenter picks what a guest may see). */
  reference: Record<string, unknown>;
}

const ownerIs = (kind: AccountKind, owner: AccountOwner) =>
  and(
    eq(ledgerAccounts.kind, kind),
    owner.guestId == null
      ? sql`${ledgerAccounts.ownerGuestId} is null`
      : eq(ledgerAccounts.ownerGuestId, owner.guestId),
    owner.ref == null ? sql`${ledgerAccounts.ownerRef} is null` : eq(ledgerAccounts.ownerRef, owner.ref),
  );

/**
 * The money state's balance (guests' moneyStateOf runs it with the other owners' parts as one
 * statement): the guest wallet's balance in cents, null when the guest has no wallet yet.
 */
export const guestBalanceSql = (guestId: number): SQL =>
  sql`(select ${ledgerAccounts.balanceCents} from ${ledgerAccounts}
    where ${ledgerAccounts.kind} = 'guest-wallet' and ${ledgerAccounts.ownerGuestId} = ${guestId})`;

export function createWalletRepository(db: Db) {
  /** Ledger entries joined with their transfer, selected as HistoryRow (history and entryOfTransfer). */
  const historyEntries = () =>
    db
      .select({
        entryId: ledgerEntries.id,
        transferId: ledgerEntries.transferId,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransfers.kind,
        amountCents: ledgerEntries.amountCents,
        balanceAfterCents: ledgerEntries.balanceAfterCents,
        reference: ledgerTransfers.reference,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId));

  return {
    async findAccount(kind: AccountKind, owner: AccountOwner): Promise<LedgerAccountRow | undefined> {
      const [row] = await db.select().from(ledgerAccounts).where(ownerIs(kind, owner));
      return row;
    },
    /** The account of (kind, owner), created when missing (concurrent callers get the same row). */
    async ensureAccount(kind: AccountKind, owner: AccountOwner): Promise<LedgerAccountRow> {
      await db
        .insert(ledgerAccounts)
        .values({ kind, ownerGuestId: owner.guestId ?? null, ownerRef: owner.ref ?? null })
        .onConflictDoNothing();
      const [row] = await db.select().from(ledgerAccounts).where(ownerIs(kind, owner));
      if (!row) throw new Error(`ledger account ${kind} was not created`);
      return row;
    },
    async accountById(id: number): Promise<LedgerAccountRow | undefined> {
      const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
      return row;
    },
    /** Row-locks one account until the transaction ends. */
    async lockAccount(id: number): Promise<LedgerAccountRow | undefined> {
      const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).for('update');
      return row;
    },
    async setBalance(id: number, balanceCents: number): Promise<void> {
      await db.update(ledgerAccounts).set({ balanceCents }).where(eq(ledgerAccounts.id, id));
    },
    /**
     * Row-locks several accounts in ONE statement, in ascending id order (rows are locked as the
     * sorted rows are fetched), so two transfers never wait on each other in a cycle.
     */
    async lockAccounts(ids: number[]): Promise<LedgerAccountRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, ids))
        .orderBy(asc(ledgerAccounts.id))
        .for('update');
    },
    /** Sets several (locked) balances in one statement. */
    async setBalances(values: { id: number; balanceCents: number }[]): Promise<void> {
      if (values.length === 0) return;
      const rows = sql.join(
        values.map((v) => sql`(${v.id}::bigint, ${v.balanceCents}::bigint)`),
        sql`, `,
      );
      await db.execute(
        sql`update ${ledgerAccounts} set balance_cents = v.balance from (values ${rows}) as v(id, balance) where ${ledgerAccounts.id} = v.id`,
      );
    },
    async transferByKey(idempotencyKey: string): Promise<LedgerTransferRow | undefined> {
      const [row] = await db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
      return row;
    },
    async transferById(id: number): Promise<LedgerTransferRow | undefined> {
      const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
      return row;
    },
    /** Row-locks a transfer (serialises refunds of the same transfer). */
    async lockTransfer(id: number): Promise<LedgerTransferRow | undefined> {
      const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id)).for('update');
      return row;
    },
    /** The refund transfer of a transfer other than `exceptId`, if any (`reference.refundOf`). */
    async refundOf(transferId: number, exceptId: number): Promise<LedgerTransferRow | undefined> {
      const [row] = await db
        .select()
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.kind, 'refund'),
            ne(ledgerTransfers.id, exceptId),
            sql`${ledgerTransfers.reference}->>'refundOf' = ${String(transferId)}`,
          ),
        )
        .limit(1);
      return row;
    },
    async insertTransfer(values: {
      idempotencyKey: string;
      kind: string;
      reference: Record<string, unknown>;
      requestHash: string;
    }): Promise<LedgerTransferRow> {
      const [row] = await db.insert(ledgerTransfers).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async insertEntries(
      values: { transferId: number; accountId: number; amountCents: number; balanceAfterCents: number }[],
    ): Promise<LedgerEntryRow[]> {
      return db.insert(ledgerEntries).values(values).returning();
    },
    /** The guest wallet's balance right after a transfer (the entry's balance after). */
    async walletBalanceAfter(transferId: number): Promise<number | null> {
      const [row] = await db
        .select({ balance: ledgerEntries.balanceAfterCents })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(and(eq(ledgerEntries.transferId, transferId), eq(ledgerAccounts.kind, 'guest-wallet')));
      return row ? Number(row.balance) : null;
    },
    async entriesOf(transferId: number): Promise<LedgerEntryRow[]> {
      return db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transferId, transferId))
        .orderBy(asc(ledgerEntries.accountId));
    },
    async accountsByIds(ids: number[]): Promise<LedgerAccountRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
    },
    /** An account's entries, newest first, before the entry id `before` (uses ledger_entries_account_idx). */
    async history(accountId: number, limit: number, before?: number): Promise<HistoryRow[]> {
      return historyEntries()
        .where(
          before === undefined
            ? eq(ledgerEntries.accountId, accountId)
            : and(eq(ledgerEntries.accountId, accountId), lt(ledgerEntries.id, before)),
        )
        .orderBy(desc(ledgerEntries.id))
        .limit(limit);
    },
    /**
     * The entry of one transfer on one account (an account is posted at most once per transfer),
     * undefined when the transfer did not touch that account (ledger_entries_transfer_account_unique).
     */
    async entryOfTransfer(accountId: number, transferId: number): Promise<HistoryRow | undefined> {
      const [row] = await historyEntries()
        .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.transferId, transferId)))
        .limit(1);
      return row;
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
