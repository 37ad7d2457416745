/** All SQL of performer presence (actors.is_online, online_since). */
import type { Db } from '@vela/db/client';
import { and, eq, ne, sql } from '@vela/db/orm';
import { actors, counters } from '@vela/db/schema/catalog';

export function createPresenceRepository(db: Db) {
  return {
    /** Sets the flag; the actor when it changed, null when it already was so, undefined when unknown. */
    async setOnline(
      actorId: number,
      online: boolean,
      at: Date,
    ): Promise<
      { id: number; name: string; nameLower: string; bannedCountryCodes: string[] } | null | undefined
    > {
      const [changed] = await db
        .update(actors)
        .set({ isOnline: online, onlineSince: online ? at : null })
        .where(and(eq(actors.id, actorId), ne(actors.isOnline, online)))
        .returning({
          id: actors.id,
          name: actors.name,
          nameLower: actors.nameLower,
          bannedCountryCodes: actors.bannedCountryCodes,
        });
      if (changed) return changed;
      const [exists] = await db.select({ id: actors.id }).from(actors).where(eq(actors.id, actorId));
      return exists ? null : undefined;
    },

    /** Actors online now (actors_online_ranking_idx). */
    async onlineTotal(): Promise<number> {
      return db.$count(actors, eq(actors.isOnline, true));
    },

    /** A random actor with the given flag (for the simulator); null when there is none. */
    async randomActor(online: boolean): Promise<number | null> {
      const [row] = await db
        .select({ id: actors.id })
        .from(actors)
        .where(eq(actors.isOnline, online))
        .orderBy(sql`random()`)
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Claims one simulator step: true for one node per `minGapMs` (the row `presence-simulator` of
     * `counters`, updated under an advisory lock in a short transaction; the step itself runs after it,
     * so it never holds a connection of its own).
     */
    async claimStep(at: Date, minGapMs: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(61106) as locked`,
        )) as unknown as {
          rows: { locked: boolean }[];
        };
        if (!locked.rows[0]?.locked) return false;
        const [last] = await tx
          .select({ refreshedAt: counters.refreshedAt })
          .from(counters)
          .where(eq(counters.name, 'presence-simulator'));
        if (last && at.getTime() - last.refreshedAt.getTime() < minGapMs) return false;
        await tx
          .insert(counters)
          .values({ name: 'presence-simulator', window: 'step', items: 2, refreshedAt: at })
          .onConflictDoUpdate({ target: counters.name, set: { refreshedAt: at } });
        return true;
      });
    },
  };
}
