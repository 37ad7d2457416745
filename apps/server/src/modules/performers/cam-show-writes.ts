/**
 * The performers module's port for the tickets module (issue 18, ticket shows): one cam show by id
 * (optionally locked inside the caller's transaction) and its cancellation. The performers module
 * keeps `cam_shows`; the tickets module asks here (docs/decisions/0031).
 */
import type { Db } from '@vela/db/client';
import { and, asc, eq, inArray, isNull } from '@vela/db/orm';
import { camShows } from '@vela/db/schema/performers';
import { actorNameSql } from '../catalog/actor-sql.ts';

export type CamShowRecord = typeof camShows.$inferSelect;
export type NamedCamShow = CamShowRecord & { actorName: string };

export interface CamShowPort {
  /** The show with this id (cancelled ones included: `cancelledAt` says so), or null. */
  showById(showId: number): Promise<CamShowRecord | null>;
  /** These shows with their performer's name (cancelled ones included), by id. */
  showsByIds(showIds: readonly number[]): Promise<NamedCamShow[]>;
  /**
   * The show, its row share-locked in the caller's transaction `tx`: a cancellation waits for the
   * transaction (and a purchase after it sees `cancelledAt`). Null when there is no such show.
   */
  lockShowIn(tx: Db, showId: number): Promise<CamShowRecord | null>;
  /**
   * Cancels the show at `now` (once: a second call keeps the first time). The show as it is now,
   * `cancelledNow` true for the call that cancelled it; null when there is no such show.
   */
  cancelShow(showId: number, now: Date): Promise<{ show: CamShowRecord; cancelledNow: boolean } | null>;
}

export function createCamShowPort(db: Db): CamShowPort {
  return {
    async showById(showId) {
      const [row] = await db.select().from(camShows).where(eq(camShows.id, showId)).limit(1);
      return row ?? null;
    },
    async showsByIds(showIds) {
      if (showIds.length === 0) return [];
      const rows = await db
        .select({ show: camShows, actorName: actorNameSql(camShows.actorId) })
        .from(camShows)
        .where(inArray(camShows.id, [...new Set(showIds)]))
        .orderBy(asc(camShows.id));
      return rows.map((r) => ({ ...r.show, actorName: r.actorName ?? '' }));
    },
    async lockShowIn(tx, showId) {
      const [row] = await tx.select().from(camShows).where(eq(camShows.id, showId)).for('share');
      return row ?? null;
    },
    async cancelShow(showId, now) {
      const [cancelled] = await db
        .update(camShows)
        .set({ cancelledAt: now })
        .where(and(eq(camShows.id, showId), isNull(camShows.cancelledAt)))
        .returning();
      if (cancelled) return { show: cancelled, cancelledNow: true };
      const [row] = await db.select().from(camShows).where(eq(camShows.id, showId)).limit(1);
      return row ? { show: row, cancelledNow: false } : null;
    },
  };
}
