/** All SQL of the global search. */
import type { Db } from '@vela/db/client';
import { asc, desc, type SQL, sql } from '@vela/db/orm';
import { actors } from '@vela/db/schema';

export type SearchActorRow = typeof actors.$inferSelect;

/** `name_lower LIKE '%pattern%'`, with the LIKE wildcards % and _ (and \) matched literally. */
export function nameContains(pattern: string): SQL {
  const escaped = pattern.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${actors.nameLower} like ${`%${escaped}%`} escape '\\'`;
}

export function createSearchRepository(db: Db) {
  return {
    /** Actors whose name contains the pattern (case-insensitive), online first, then by ranking. */
    async actorsByName(pattern: string, limit: number): Promise<{ rows: SearchActorRow[]; total: number }> {
      const where = nameContains(pattern);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(actors)
          .where(where)
          .orderBy(desc(actors.isOnline), desc(actors.rankingPoints), asc(actors.id))
          .limit(limit),
        db.$count(actors, where),
      ]);
      return { rows, total };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
