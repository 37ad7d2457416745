/**
 * The free-show module's read port (issue 18, decision 0053): whether a performer's free show runs now.
 * The live module asks it when a live show starts (free while it runs).
 */
import type { Db } from '@vela/db/client';
import { eq } from '@vela/db/orm';
import { freeShows } from '@vela/db/schema/free-show';

export function createFreeShowReads(db: Db) {
  return {
    /** Since when the performer's free show runs; null when it does not. */
    async since(actorId: number): Promise<Date | null> {
      const [row] = await db
        .select({ startedAt: freeShows.startedAt })
        .from(freeShows)
        .where(eq(freeShows.actorId, actorId));
      return row?.startedAt ?? null;
    },
    async isRunning(actorId: number): Promise<boolean> {
      const [row] = await db
        .select({ actorId: freeShows.actorId })
        .from(freeShows)
        .where(eq(freeShows.actorId, actorId));
      return row !== undefined;
    },
  };
}
export type FreeShowReads = ReturnType<typeof createFreeShowReads>;
