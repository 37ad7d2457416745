/**
 * The catalog's write port for spec 3 `isCurrentlyTicketShow` (issue 18, decision 0050): the show job
 * keeps the actors' flag equal to "a cam show of this actor runs now" (by the show clock), so every
 * actor read (lists, profile, state, GraphQL) answers the real running show. Only rows whose flag
 * changes are written.
 */
import type { Db } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { actors } from '@vela/db/schema/catalog';

export function createActorShowFlag(db: Db) {
  return {
    /** Sets the flag for exactly these actors (the ones with a running show); answers how many changed. */
    async syncTicketShows(runningActorIds: readonly number[]): Promise<number> {
      const ids = sql`array[${sql.join(
        runningActorIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`;
      const running = sql`${actors.id} = any(${ids})`;
      const changed = await db
        .update(actors)
        .set({ isCurrentlyTicketShow: sql`(${running})` })
        .where(
          sql`(${actors.isCurrentlyTicketShow} or ${running}) and ${actors.isCurrentlyTicketShow} <> (${running})`,
        )
        .returning({ id: actors.id });
      return changed.length;
    },
  };
}
export type ActorShowFlag = ReturnType<typeof createActorShowFlag>;
