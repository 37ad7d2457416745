/**
 * The performer lists' reads of the catalog's actors (decision 0037: the catalog offers them, as
 * actor-search.ts does for the pro search; the performers module names none of its tables). Every
 * ORDER BY follows an index of the catalog's schema (named beside it). Every list takes the
 * caller's country and leaves out the performers blocked there (spec 6, infra/country.ts), before
 * paging and counting.
 */
import type { PerformerFilter, PerformerOrder } from '@vela/contracts/performers';
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from '@vela/db/orm';
import { actorCategories, actors } from '@vela/db/schema/catalog';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import { pinnedActorsSql } from '../favorites/pinned-sql.ts';
import type { ActorRow } from './catalog.repository.ts';

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

export function createActorLists(db: Db) {
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
     * A page of the actors a performers' ranking names, in its order, and how many: `source` is a
     * FROM item of the performers module (its chat rates) holding `actorIdOf`, joined on the
     * actors' primary key as when the performers named the table.
     */
    async rankedPage(
      source: SQL,
      actorIdOf: SQL,
      order: SQL[],
      offset: number,
      limit: number,
      country: Country,
    ): Promise<{ rows: ActorRow[]; total: number }> {
      const [rows, totals] = await Promise.all([
        db
          .select({ actor: actors })
          .from(source)
          .innerJoin(actors, eq(actors.id, actorIdOf))
          .where(offeredIn(country))
          .orderBy(...order)
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(source)
          .innerJoin(actors, eq(actors.id, actorIdOf))
          .where(offeredIn(country)),
      ]);
      return { rows: rows.map((r) => r.actor), total: Number(totals[0]?.n ?? 0) };
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

    onlineCount(): Promise<number> {
      return db.$count(actors, eq(actors.isOnline, true));
    },
  };
}
