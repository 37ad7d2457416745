/**
 * Tables of the wallet module (apps/server/src/modules/wallet): the double-entry ledger (issue 4):
 * accounts, transfers and their entries. Money only ever moves as ledger transfers; the payments,
 * subscriptions and promotions tables say why.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guests } from './guests.ts';

/**
 * Ledger accounts (issue 4): one per (kind, owner). Guest wallets and vouchers belong to a guest;
 * performer earnings carry the performer in `owner_ref`; platform revenue and provider clearing
 * have no owner. `balance_cents` is a cache of the sum of the account's entries, kept in the same
 * transaction as the entries; only provider clearing may go below zero (docs/decisions/0011).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', {
      enum: [
        'guest-wallet',
        'voucher',
        'platform-revenue',
        'performer-earnings',
        'provider-clearing',
        'promotions',
      ],
    }).notNull(),
    ownerGuestId: bigint('owner_guest_id', { mode: 'number' }).references(() => guests.id),
    ownerRef: text('owner_ref'),
    currency: text('currency').notNull().default('EUR'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'ledger_accounts_balance_non_negative',
      sql`${t.balanceCents} >= 0 or ${t.kind} in ('provider-clearing', 'promotions')`,
    ),
    check(
      'ledger_accounts_kind',
      sql`${t.kind} in ('guest-wallet', 'voucher', 'platform-revenue', 'performer-earnings', 'provider-clearing', 'promotions')`,
    ),
    check('ledger_accounts_currency', sql`${t.currency} = 'EUR'`),
    unique('ledger_accounts_owner_unique').on(t.kind, t.ownerGuestId, t.ownerRef).nullsNotDistinct(),
  ],
);

/**
 * A money movement: its postings are the `ledger_entries` rows, which sum to zero (a deferred
 * constraint trigger checks it at commit). `idempotency_key` makes a retried request a no-op;
 * `request_hash` tells a retry (same request) from a reused key (another request).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    reference: jsonb('reference').$type<Record<string, unknown>>().notNull().default({}),
    requestHash: text('request_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ledger_transfers_created_idx').on(t.createdAt)],
);

/** One posting of a transfer on one account, with the account's balance right after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_non_zero', sql`${t.amountCents} <> 0`),
    unique('ledger_entries_transfer_account_unique').on(t.transferId, t.accountId),
    // An account's history, newest first (historyOf pages by id).
    index('ledger_entries_account_idx').on(t.accountId, t.id),
  ],
);
