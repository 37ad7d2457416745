/** The ledger's global invariants for tests that move money (wallet.test.ts, live-billing.test.ts). */
import { type Db, queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { expect } from 'vitest';

/** The ledger's global invariants, checked with SQL. */
export async function expectLedgerInvariantsOf(db: Db): Promise<void> {
  const scalar = async (query: ReturnType<typeof sql>): Promise<number> => {
    const [row] = await queryRows<{ value: string | number }>(db, query);
    return Number(row?.value);
  };
  // Double-entry: all entries together sum to zero.
  expect(await scalar(sql`select coalesce(sum(amount_cents), 0)::text as value from ledger_entries`)).toBe(0);
  // Every transfer on its own sums to zero and has at least 2 entries.
  expect(
    await scalar(sql`select count(*)::int as value from ledger_transfers t where
      (select count(*) from ledger_entries e where e.transfer_id = t.id) < 2 or
      (select sum(amount_cents) from ledger_entries e where e.transfer_id = t.id) <> 0`),
  ).toBe(0);
  // No account but provider clearing is below zero.
  expect(
    await scalar(
      sql`select count(*)::int as value from ledger_accounts where balance_cents < 0 and kind not in ('provider-clearing', 'promotions')`,
    ),
  ).toBe(0);
  // Every stored balance equals the sum of the account's entries, and the newest entry's balance after.
  expect(
    await scalar(sql`select count(*)::int as value from ledger_accounts a where
      a.balance_cents <> (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account_id = a.id)
      or a.balance_cents <> coalesce((select e.balance_after_cents from ledger_entries e where e.account_id = a.id
        order by e.id desc limit 1), 0)`),
  ).toBe(0);
}
