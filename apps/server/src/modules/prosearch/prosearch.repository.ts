/**
 * All SQL of the pro actor search's own table: the saved filters. The actors it finds are the
 * catalog's (catalog/actor-search.ts, decision 0030).
 */
import type { Db } from '@vela/db/client';
import { eq, sql } from '@vela/db/orm';
import { actorSearchFilters } from '@vela/db/schema/prosearch';

export function createProSearchRepository(db: Db) {
  return {
    async savedFilter(guestId: number): Promise<Record<string, unknown> | null> {
      const [row] = await db
        .select({ filter: actorSearchFilters.filter })
        .from(actorSearchFilters)
        .where(eq(actorSearchFilters.guestId, guestId));
      return row?.filter ?? null;
    },

    async saveFilter(guestId: number, filter: Record<string, unknown>): Promise<void> {
      await db
        .insert(actorSearchFilters)
        .values({ guestId, filter })
        .onConflictDoUpdate({
          target: actorSearchFilters.guestId,
          set: { filter, updatedAt: sql`now()` },
        });
    },

    async deleteFilter(guestId: number): Promise<boolean> {
      const deleted = await db
        .delete(actorSearchFilters)
        .where(eq(actorSearchFilters.guestId, guestId))
        .returning({ guestId: actorSearchFilters.guestId });
      return deleted.length > 0;
    },
  };
}

export type ProSearchRepository = ReturnType<typeof createProSearchRepository>;
