/** The live module's `live_tips` (packages/db/src/schema/live.ts): one row per (session, tipId). */
import type { Db } from '@vela/db/client';
import { and, asc, eq, inArray } from '@vela/db/orm';
import { liveSessions, liveTips } from '@vela/db/schema/live';

export type LiveTipRow = typeof liveTips.$inferSelect;

export function createTipsRepository(db: Db) {
  return {
    /** Stores the tip once (in the ledger transfer's transaction); the stored row either way. */
    async insert(tx: Db, tip: Omit<typeof liveTips.$inferInsert, 'at'> & { at: Date }): Promise<LiveTipRow> {
      const inserted = await tx.insert(liveTips).values(tip).onConflictDoNothing().returning();
      if (inserted[0]) return inserted[0];
      const [row] = await tx
        .select()
        .from(liveTips)
        .where(and(eq(liveTips.sessionId, tip.sessionId), eq(liveTips.tipId, tip.tipId)));
      if (!row) throw new Error('tip neither inserted nor found');
      return row;
    },
    tipsOf: (sessionId: string): Promise<LiveTipRow[]> =>
      db.select().from(liveTips).where(eq(liveTips.sessionId, sessionId)).orderBy(asc(liveTips.at)),
    /** The guests whose running public-show sessions (`types`) watch this performer. */
    async viewersOf(actorId: number, types: readonly string[]): Promise<number[]> {
      const rows = await db
        .selectDistinct({ guestId: liveSessions.guestId })
        .from(liveSessions)
        .where(
          and(
            eq(liveSessions.actorId, actorId),
            eq(liveSessions.status, 'running'),
            inArray(liveSessions.type, [...types]),
          ),
        );
      return rows.map((row) => row.guestId);
    },
  };
}
export type TipsRepository = ReturnType<typeof createTipsRepository>;
