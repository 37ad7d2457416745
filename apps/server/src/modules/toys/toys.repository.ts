/** The toys module's tables (packages/db/src/schema/toys.ts): registered toys and the action log. */
import type { Db } from '@vela/db/client';
import { and, desc, eq, inArray, sql } from '@vela/db/orm';
import { toyActions, toys } from '@vela/db/schema/toys';

export type ToyActionRow = typeof toyActions.$inferSelect;
export type NewToyAction = Omit<typeof toyActions.$inferInsert, 'id' | 'createdAt' | 'refundTransferId'>;

export function createToysRepository(db: Db) {
  return {
    async hasToy(actorId: number): Promise<boolean> {
      const rows = await db
        .select({ actorId: toys.actorId })
        .from(toys)
        .where(eq(toys.actorId, actorId))
        .limit(1);
      return rows.length > 0;
    },
    /** Which of these performers have a toy (one read for a list, the messenger's channels). */
    async withToys(actorIds: readonly number[]): Promise<Set<number>> {
      if (actorIds.length === 0) return new Set();
      const rows = await db
        .select({ actorId: toys.actorId })
        .from(toys)
        .where(inArray(toys.actorId, [...new Set(actorIds)]));
      return new Set(rows.map((row) => row.actorId));
    },
    async register(actorId: number, provider = 'simulated'): Promise<void> {
      await db.insert(toys).values({ actorId, provider }).onConflictDoNothing();
    },
    /** Writes the action once per (context, actionId); the stored row either way. */
    async insertAction(tx: Db, action: NewToyAction): Promise<ToyActionRow> {
      const inserted = await tx.insert(toyActions).values(action).onConflictDoNothing().returning();
      if (inserted[0]) return inserted[0];
      const existing = await tx
        .select()
        .from(toyActions)
        .where(and(eq(toyActions.context, action.context), eq(toyActions.actionId, action.actionId)));
      if (!existing[0]) throw new Error('toy action neither inserted nor found');
      return existing[0];
    },
    async markRefunded(id: number, refundTransferId: number): Promise<void> {
      await db.update(toyActions).set({ status: 'refunded', refundTransferId }).where(eq(toyActions.id, id));
    },
    async actionsOf(actorId: number, limit: number): Promise<ToyActionRow[]> {
      return db
        .select()
        .from(toyActions)
        .where(eq(toyActions.actorId, actorId))
        .orderBy(desc(toyActions.id))
        .limit(limit);
    },
    /** Whether a toy action ran (not refunded) in a context: chatEnd's `isToyControl`. */
    async usedIn(context: string): Promise<boolean> {
      const rows = await db
        .select({ n: sql<number>`1` })
        .from(toyActions)
        .where(and(eq(toyActions.context, context), eq(toyActions.status, 'done')))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type ToysRepository = ReturnType<typeof createToysRepository>;
