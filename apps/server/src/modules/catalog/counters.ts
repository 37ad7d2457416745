/**
 * The precomputed lists (spec 7 "counters": the trending videos, best chats). Each list is
 * recomputed in one transaction that also records, in `counters`, which window it holds; readers
 * use a list only while it holds the window they need and compute live otherwise. One node at a
 * time recomputes a list (transaction-level advisory lock per list).
 */
import { type Db, queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';

export type CounterName = 'trending' | 'chatRates';

/** Advisory lock keys, one per list. */
const LOCK_KEYS: Record<CounterName, number> = { trending: 0x7645_6e64, chatRates: 0x7643_6852 };

/**
 * Skips a scheduled run when the list was computed since `since` (by any node): with several nodes
 * each running the job, the list is still computed about once per interval. `sameWindow`: only
 * when it holds this window too (the trending days; a new day is computed at once).
 */
export interface FreshEnough {
  since: Date;
  sameWindow: boolean;
}

/**
 * Runs `fill` (which replaces the list and answers its size) in one transaction and records the
 * window. Null when nothing was done: another node holds the list's lock, or it is `fresh` enough.
 */
export async function recomputeCounter(
  db: Db,
  name: CounterName,
  window: string,
  at: Date,
  fill: (tx: Db) => Promise<number>,
  fresh?: FreshEnough,
): Promise<number | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LOCK_KEYS[name]}) as locked`,
    );
    if (!lock?.locked) return null;
    if (fresh) {
      const state = await counterState(tx, name);
      if (state && state.refreshedAt >= fresh.since && (!fresh.sameWindow || state.window === window))
        return null;
    }
    const items = await fill(tx);
    await tx.execute(sql`
      insert into counters (name, "window", items, refreshed_at)
      values (${name}, ${window}, ${items}, ${at.toISOString()})
      on conflict (name) do update set "window" = excluded."window", items = excluded.items,
        refreshed_at = excluded.refreshed_at`);
    return items;
  });
}

/** The window a list holds and when it was computed; null before its first run. */
export async function counterState(
  db: Db,
  name: CounterName,
): Promise<{ window: string; refreshedAt: Date } | null> {
  const [row] = await queryRows<{ window: string; refreshed_at: Date | string }>(
    db,
    sql`select "window", refreshed_at from counters where name = ${name}`,
  );
  return row ? { window: row.window, refreshedAt: new Date(row.refreshed_at) } : null;
}
