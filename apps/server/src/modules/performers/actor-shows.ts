/**
 * The performers module's reads for the actor profile (the actors module; decision 0037): an
 * actor's chat ratings and upcoming cam shows.
 */
import type { Db } from '@vela/db/client';
import { and, asc, eq, gt, gte, isNull, sql } from '@vela/db/orm';
import { camShows, chatRatings } from '@vela/db/schema/performers';

export type ActorCamShowRow = typeof camShows.$inferSelect;

export function createActorShowReads(db: Db) {
  return {
    /** Chat ratings since `since`: count and satisfied count (chat_ratings_actor_created_idx). */
    async ratingsSince(actorId: number, since: Date): Promise<{ count: number; satisfied: number }> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          satisfied: sql<number>`count(*) filter (where ${chatRatings.satisfied})::int`,
        })
        .from(chatRatings)
        .where(and(eq(chatRatings.actorId, actorId), gte(chatRatings.createdAt, since)));
      return { count: Number(row?.count ?? 0), satisfied: Number(row?.satisfied ?? 0) };
    },

    /** Public cam shows of the actor that have not ended and are not cancelled, soonest first (cam_shows_actor_starts_idx). */
    upcomingShowsOf(actorId: number, now: Date, limit: number): Promise<ActorCamShowRow[]> {
      return db
        .select()
        .from(camShows)
        .where(
          and(
            eq(camShows.actorId, actorId),
            gt(camShows.endsAt, now),
            eq(camShows.isInternal, false),
            isNull(camShows.cancelledAt),
          ),
        )
        .orderBy(asc(camShows.startsAt), asc(camShows.id))
        .limit(limit);
    },
  };
}
