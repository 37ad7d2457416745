/**
 * All SQL of the performer lists. Every ORDER BY follows an index of schema.ts (named beside it).
 * Every list takes the caller's country and leaves out the performers blocked there (spec 6,
 * infra/country.ts), before paging and counting.
 */
import type { PerformerFilter, PerformerOrder } from '@vela/contracts/performers';
import { type Db, queryRows } from '@vela/db/client';
import { and, asc, desc, eq, gt, gte, inArray, notInArray, type SQL, sql } from '@vela/db/orm';
import { actorCategories, actors } from '@vela/db/schema/catalog';
import { actorChatRates, camShows, chatRatings } from '@vela/db/schema/performers';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import type { ActorRow } from '../catalog/catalog.service.ts';
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

/** Online first, then ranking (actors_online_ranking_idx, actors_type_online_ranking_idx, actors_free_chat_idx). */
const onlineThenRanking = [desc(actors.isOnline), desc(actors.rankingPoints), asc(actors.id)];

function orderOf(order: PerformerOrder): SQL[] {
  switch (order) {
    case 'ranking':
      return onlineThenRanking;
    case 'newest':
      // actors_registered_idx
      return [desc(actors.registeredAt), desc(actors.id)];
    case 'priceAsc':
      // actors_price_single_idx
      return [asc(actors.priceSingleCents), asc(actors.id)];
    case 'priceDesc':
      // actors_price_single_idx read backwards
      return [desc(actors.priceSingleCents), desc(actors.id)];
  }
}

/** The actors offered to a caller from `country` (spec 6 banned countries). */
const offeredIn = (country: Country) => actorOfferedIn(country, actors.bannedCountryCodes);

function whereOf(filter: PerformerFilter, country: Country): SQL | undefined {
  const parts: SQL[] = [offeredIn(country)];
  if (filter.gender) parts.push(eq(actors.gender, filter.gender));
  if (filter.actorType) parts.push(eq(actors.actorType, filter.actorType));
  if (filter.onlineOnly) parts.push(eq(actors.isOnline, true));
  if (filter.freeChat) parts.push(eq(actors.freeChat, true));
  if (filter.language) parts.push(sql`${actors.spokenLanguages} @> array[${filter.language}]::text[]`);
  return and(...parts);
}

export function createPerformersRepository(db: Db) {
  /** Rows of a filtered list, its total and its online total. */
  async function list(
    filter: PerformerFilter,
    order: PerformerOrder,
    offset: number,
    limit: number,
    country: Country,
  ) {
    const where = whereOf(filter, country);
    const [rows, total, onlineTotal] = await Promise.all([
      db
        .select()
        .from(actors)
        .where(where)
        .orderBy(...orderOf(order))
        .offset(offset)
        .limit(limit),
      db.$count(actors, where),
      filter.onlineOnly ? null : db.$count(actors, and(where, eq(actors.isOnline, true))),
    ]);
    return { rows, total, onlineTotal: onlineTotal ?? total };
  }

  return {
    list,

    /** Newest registered female performers (actors_gender_registered_idx). */
    async newestFemale(offset: number, limit: number, country: Country) {
      const female = and(eq(actors.gender, 'F'), offeredIn(country));
      const [rows, total, onlineTotal] = await Promise.all([
        db
          .select()
          .from(actors)
          .where(female)
          .orderBy(desc(actors.registeredAt), desc(actors.id))
          .offset(offset)
          .limit(limit),
        db.$count(actors, female),
        db.$count(actors, and(female, eq(actors.isOnline, true))),
      ]);
      return { rows, total, onlineTotal };
    },

    /** Videocall list: reachable by videocall first, then videocall ranking (actors_videocall_idx). */
    async videocall(offset: number, limit: number, country: Country) {
      const offered = offeredIn(country);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(actors)
          .where(offered)
          .orderBy(desc(actors.isOnlineMobileVideocall), desc(actors.rankingPointsVideoCall), asc(actors.id))
          .offset(offset)
          .limit(limit),
        db.$count(actors, offered),
      ]);
      return { rows, total };
    },

    /** A guest's favorite actors, online first then ranking. */
    async favorites(guestId: number, offset: number, limit: number, country: Country) {
      // The pins are the favorites module's (its SQL part, decision 0030); each actor once.
      const mine = and(
        sql`${actors.id} in (select pin.actor_id from (${pinnedActorsSql(guestId)}) pin)`,
        offeredIn(country),
      );
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(actors)
          .where(mine)
          .orderBy(...onlineThenRanking)
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(actors)
          .where(mine)
          .then((r) => Number(r[0]?.n ?? 0)),
      ]);
      return { rows, total };
    },

    /** The favorite item of spec 3: id and online flag of each favorite of the guest. */
    favoriteItems(guestId: number, country: Country) {
      return db
        .select({ id: actors.id, isOnline: actors.isOnline })
        .from(sql`(${pinnedActorsSql(guestId)}) pin`)
        .innerJoin(actors, sql`${actors.id} = pin.actor_id`)
        .where(offeredIn(country))
        .orderBy(sql`pin.created_at desc`, asc(actors.id))
        .limit(1000);
    },

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
      const [rows, totals] = await Promise.all([
        db
          .select({ actor: actors })
          .from(rated)
          .innerJoin(actors, eq(actors.id, rated.actorId))
          .where(offeredIn(country))
          .orderBy(desc(rated.rate), desc(rated.n), asc(actors.id))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(rated)
          .innerJoin(actors, eq(actors.id, rated.actorId))
          .where(offeredIn(country)),
      ]);
      return { rows: rows.map((r) => r.actor), total: Number(totals[0]?.n ?? 0) };
    },

    /**
     * Best chats from the precomputed rates (actor_chat_rates_rank_idx): the same order as
     * bestChats, a page at a time.
     */
    async bestChatsPrecomputed(offset: number, limit: number, country: Country) {
      const [rows, totals] = await Promise.all([
        db
          .select({ actor: actors })
          .from(actorChatRates)
          .innerJoin(actors, eq(actors.id, actorChatRates.actorId))
          .where(offeredIn(country))
          .orderBy(desc(actorChatRates.rate), desc(actorChatRates.ratings), asc(actorChatRates.actorId))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(actorChatRates)
          .innerJoin(actors, eq(actors.id, actorChatRates.actorId))
          .where(offeredIn(country)),
      ]);
      return { rows: rows.map((r) => r.actor), total: Number(totals[0]?.n ?? 0) };
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
      const visible = and(gt(camShows.endsAt, now), eq(camShows.isInternal, false), offeredIn(country));
      const [rows, total] = await Promise.all([
        db
          .select({
            show: camShows,
            actorName: actors.name,
            actorNameLower: actors.nameLower,
            actorAvatarKey: actors.avatarKey,
          })
          .from(camShows)
          .innerJoin(actors, eq(actors.id, camShows.actorId))
          .where(visible)
          .orderBy(desc(camShows.isFeatured), asc(camShows.startsAt), asc(camShows.id))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(camShows)
          .innerJoin(actors, eq(actors.id, camShows.actorId))
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

    /**
     * Online actors most like the given ones: most shared categories first, then ranking
     * (actor_categories_category_idx); never one of `exclude`.
     */
    async similarOnline(
      likeActorIds: number[],
      exclude: number[],
      limit: number,
      country: Country,
    ): Promise<ActorRow[]> {
      if (likeActorIds.length === 0) return [];
      const cats = db
        .selectDistinct({ categoryId: actorCategories.categoryId })
        .from(actorCategories)
        .where(inArray(actorCategories.actorId, likeActorIds));
      const conditions = [
        inArray(actorCategories.categoryId, cats),
        eq(actors.isOnline, true),
        offeredIn(country),
      ];
      if (exclude.length > 0) conditions.push(notInArray(actors.id, exclude));
      const rows = await db
        .select({ actor: actors, shared: sql<number>`count(*)::int`.as('shared') })
        .from(actorCategories)
        .innerJoin(actors, eq(actors.id, actorCategories.actorId))
        .where(and(...conditions))
        .groupBy(actors.id)
        .orderBy(sql`count(*) desc`, desc(actors.rankingPoints), asc(actors.id))
        .limit(limit);
      return rows.map((r) => r.actor);
    },

    /** Best-ranked online actors, never one of `exclude` (actors_online_ranking_idx). */
    bestOnline(exclude: number[], limit: number, country: Country): Promise<ActorRow[]> {
      const conditions = [eq(actors.isOnline, true), offeredIn(country)];
      if (exclude.length > 0) conditions.push(notInArray(actors.id, exclude));
      return db
        .select()
        .from(actors)
        .where(and(...conditions))
        .orderBy(...onlineThenRanking)
        .limit(limit);
    },

    async favoriteIds(guestId: number): Promise<number[]> {
      const rows = await queryRows<{ actor_id: number | string }>(
        db,
        sql`${pinnedActorsSql(guestId)} limit 1000`,
      );
      return rows.map((r) => Number(r.actor_id));
    },

    onlineCount(): Promise<number> {
      return db.$count(actors, eq(actors.isOnline, true));
    },
  };
}

export type PerformersRepository = ReturnType<typeof createPerformersRepository>;
