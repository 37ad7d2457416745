/**
 * The catalog's reads for the actor profile (the actors module; decision 0037: the owner reads its
 * tables, the profile names none of them): the actor by id or name, and the online performers
 * related by category.
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, getTableColumns, ne, type SQL, sql } from '@vela/db/orm';
import { actorCategories, actors } from '@vela/db/schema/catalog';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import type { ActorRow } from './catalog.repository.ts';

export function createActorProfileReads(db: Db) {
  return {
    async actorById(id: number): Promise<ActorRow | null> {
      const [row] = await db.select().from(actors).where(eq(actors.id, id)).limit(1);
      return row ?? null;
    },

    async actorByNameLower(nameLower: string): Promise<ActorRow | null> {
      const [row] = await db.select().from(actors).where(eq(actors.nameLower, nameLower)).limit(1);
      return row ?? null;
    },

    /**
     * The actor by id or lower-case name with `extra`: other owners' SQL about the actor (each given
     * the actor's id column), read in the same statement (the actor data's flags: one query per read).
     */
    async actorWith(
      key: { id: number } | { nameLower: string },
      extra: Record<string, (actorId: SQL) => SQL>,
    ): Promise<{ actor: ActorRow; extra: Record<string, unknown> } | null> {
      const id = sql`${actors.id}`;
      const columns: Record<string, SQL> = {};
      for (const [name, of] of Object.entries(extra)) columns[name] = of(id);
      const [row] = await db
        .select({ actor: getTableColumns(actors), extra: columns })
        .from(actors)
        .where('id' in key ? eq(actors.id, key.id) : eq(actors.nameLower, key.nameLower))
        .limit(1);
      return row ? { actor: row.actor, extra: row.extra } : null;
    },

    /**
     * Online actors sharing a category with the actor, best ranked first (actors_online_ranking_idx);
     * never those blocked in `country` (spec 6).
     */
    relatedOnline(actorId: number, limit: number, country: Country): Promise<ActorRow[]> {
      return db
        .select()
        .from(actors)
        .where(
          and(
            eq(actors.isOnline, true),
            ne(actors.id, actorId),
            actorOfferedIn(country, actors.bannedCountryCodes),
            sql`exists (select 1 from ${actorCategories} mine join ${actorCategories} theirs on theirs.category_id = mine.category_id where mine.actor_id = ${actorId} and theirs.actor_id = ${actors.id})`,
          ),
        )
        .orderBy(desc(actors.isOnline), desc(actors.rankingPoints), asc(actors.id))
        .limit(limit);
    },
  };
}
