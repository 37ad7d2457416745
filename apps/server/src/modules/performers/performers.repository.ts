/**
 * The SQL of the performers module's own tables: chat ratings and rates, cam shows. The lists over
 * the catalog's actors alone are the catalog's (catalog/actor-lists.ts, decision 0037), spread in
 * here; a list ranked by this module's tables joins the actors through the catalog's parts. Every
 * list takes the caller's country and leaves out the performers blocked there (spec 6,
 * infra/country.ts), before paging and counting.
 */
import { type Db, queryRows } from '@vela/db/client';
import { and, asc, desc, eq, gt, gte, inArray, isNull, sql } from '@vela/db/orm';
import { actorChatRates, camShows, chatRatings } from '@vela/db/schema/performers';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import { createActorLists } from '../catalog/actor-lists.ts';
import { actorRowsSql } from '../catalog/actor-sql.ts';
import { counterState, type FreshEnough, recomputeCounter } from '../catalog/counters.ts';
import { pinnedActorsSql } from '../favorites/pinned-sql.ts';

export type CamShowRow = typeof camShows.$inferSelect & {
  actorName: string;
  actorNameLower: string;
  actorAvatarKey: string;
};

export interface RatingSummary {
  actorId: number;
  count: number;
  satisfied: number;
}

export function createPerformersRepository(db: Db) {
  // The lists over the catalog's actors alone are the catalog's (decision 0037).
  const lists = createActorLists(db);
  return {
    ...lists,

    /**
     * Best chats: actors with at least `minCount` ratings since `since`, highest satisfaction
     * first (chat_ratings_actor_created_idx for the per-actor ranges).
     */
    async bestChats(since: Date, minCount: number, offset: number, limit: number, country: Country) {
      const rated = db
        .select({
          actorId: chatRatings.actorId,
          n: sql<number>`count(*)::int`.as('n'),
          rate: sql<number>`avg(case when ${chatRatings.satisfied} then 1.0 else 0.0 end)`.as('rate'),
        })
        .from(chatRatings)
        .where(gte(chatRatings.createdAt, since))
        .groupBy(chatRatings.actorId)
        .having(sql`count(*) >= ${minCount}`)
        .as('rated');
      // Ties by actor id, as the joined actors' id was (the join is on it).
      return lists.rankedPage(
        sql`${rated}`,
        sql`${rated.actorId}`,
        [desc(rated.rate), desc(rated.n), asc(rated.actorId)],
        offset,
        limit,
        country,
      );
    },

    /**
     * Best chats from the precomputed rates (actor_chat_rates_rank_idx): the same order as
     * bestChats, a page at a time.
     */
    bestChatsPrecomputed(offset: number, limit: number, country: Country) {
      return lists.rankedPage(
        sql`${actorChatRates}`,
        sql`${actorChatRates.actorId}`,
        [desc(actorChatRates.rate), desc(actorChatRates.ratings), asc(actorChatRates.actorId)],
        offset,
        limit,
        country,
      );
    },

    /**
     * Recomputes the best-chat rates: every actor with at least `minCount` ratings since `since`.
     * Null when another node is at it or the rates are `fresh` enough.
     */
    refreshChatRates(since: Date, minCount: number, at: Date, fresh?: FreshEnough): Promise<number | null> {
      return recomputeCounter(
        db,
        'chatRates',
        since.toISOString(),
        at,
        async (tx) => {
          await tx.execute(sql`delete from actor_chat_rates`);
          const [inserted] = await queryRows<{ n: number }>(
            tx,
            sql`with listed as (
                insert into actor_chat_rates (actor_id, ratings, satisfied, rate, since)
                select actor_id, count(*)::int, (count(*) filter (where satisfied))::int,
                  avg(case when satisfied then 1.0 else 0.0 end)::float8, ${since.toISOString()}
                from chat_ratings
                where created_at >= ${since.toISOString()}
                group by actor_id
                having count(*) >= ${minCount}
                returning 1)
              select count(*)::int as n from listed`,
          );
          return inserted?.n ?? 0;
        },
        fresh,
      );
    },

    /** When the best-chat rates were computed (null: never). */
    async chatRatesRefreshedAt(): Promise<Date | null> {
      return (await counterState(db, 'chatRates'))?.refreshedAt ?? null;
    },

    /** Ratings of the given actors since `since`. */
    async ratingsOf(actorIds: number[], since: Date): Promise<Map<number, RatingSummary>> {
      if (actorIds.length === 0) return new Map();
      const rows = await db
        .select({
          actorId: chatRatings.actorId,
          count: sql<number>`count(*)::int`,
          satisfied: sql<number>`count(*) filter (where ${chatRatings.satisfied})::int`,
        })
        .from(chatRatings)
        .where(and(inArray(chatRatings.actorId, actorIds), gte(chatRatings.createdAt, since)))
        .groupBy(chatRatings.actorId);
      return new Map(
        rows.map((r) => [
          r.actorId,
          { actorId: r.actorId, count: Number(r.count), satisfied: Number(r.satisfied) },
        ]),
      );
    },

    /** Upcoming and running shows (ends after `now`), featured first, then by start. */
    async camShows(
      now: Date,
      offset: number,
      limit: number,
      country: Country,
    ): Promise<{ rows: CamShowRow[]; total: number }> {
      // The catalog's actors as its derived table, joined on their key as before (decision 0037).
      const actor = sql`${actorRowsSql()} ac`;
      const visible = and(
        gt(camShows.endsAt, now),
        eq(camShows.isInternal, false),
        isNull(camShows.cancelledAt),
        actorOfferedIn(country, sql`ac.banned_country_codes`),
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            show: camShows,
            actorName: sql<string>`ac.name`,
            actorNameLower: sql<string>`ac.name_lower`,
            actorAvatarKey: sql<string>`ac.avatar_key`,
          })
          .from(camShows)
          .innerJoin(actor, sql`ac.id = ${camShows.actorId}`)
          .where(visible)
          .orderBy(desc(camShows.isFeatured), asc(camShows.startsAt), asc(camShows.id))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(camShows)
          .innerJoin(actor, sql`ac.id = ${camShows.actorId}`)
          .where(visible)
          .then((r) => Number(r[0]?.n ?? 0)),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r.show,
          actorName: r.actorName,
          actorNameLower: r.actorNameLower,
          actorAvatarKey: r.actorAvatarKey,
        })),
        total,
      };
    },

    async favoriteIds(guestId: number): Promise<number[]> {
      const rows = await queryRows<{ actor_id: number | string }>(
        db,
        sql`${pinnedActorsSql(guestId)} limit 1000`,
      );
      return rows.map((r) => Number(r.actor_id));
    },
  };
}

export type PerformersRepository = ReturnType<typeof createPerformersRepository>;
