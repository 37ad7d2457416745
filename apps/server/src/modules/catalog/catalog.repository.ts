/**
 * All SQL of the catalog: actors, categories, videos, contests, blog, TV and SEO texts, and the
 * performers' online flag the presence module sets.
 */
import type { Language } from '@vela/contracts/common';
import type { Db } from '@vela/db/client';
import { and, asc, count, desc, eq, gt, inArray, lte, ne, sql } from '@vela/db/orm';
import {
  actorCategories,
  actors,
  actorTags,
  blogPosts,
  categories,
  contests,
  counters,
  seoTexts,
  tags,
  tvEpisodes,
  tvSeries,
} from '@vela/db/schema/catalog';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import { albumCountOfActor } from '../gallery/album-count.ts';
import {
  newestVideoTiles,
  trendingVideoTiles,
  type VideoRow,
  videoCountOfActor,
} from '../videos/video-tile.ts';

export type { VideoRow } from '../videos/video-tile.ts';

export type ActorRow = typeof actors.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ContestRow = typeof contests.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type SeoRow = typeof seoTexts.$inferSelect;
export type CategoryWithCount = CategoryRow & { actorCount: number };
export type TvSeriesRow = typeof tvSeries.$inferSelect & { episodeCount: number };

/** Online actors first, then by ranking (uses actors_online_ranking_idx). */
const onlineThenRanking = [desc(actors.isOnline), desc(actors.rankingPoints), asc(actors.id)];

/** The category slug column of a language; nl uses the en slugs (spec 2). */
export function slugColumn(lang: Language) {
  return lang === 'de' ? categories.slugDe : lang === 'es' ? categories.slugEs : categories.slugEn;
}

export function createCatalogRepository(db: Db) {
  return {
    /** The home blocks below never offer a performer blocked in `country` (spec 6). */
    topActors(limit: number, country: Country): Promise<ActorRow[]> {
      return db
        .select()
        .from(actors)
        .where(actorOfferedIn(country, actors.bannedCountryCodes))
        .orderBy(...onlineThenRanking)
        .limit(limit);
    },

    newestActors(gender: ActorRow['gender'], limit: number, country: Country): Promise<ActorRow[]> {
      return db
        .select()
        .from(actors)
        .where(and(eq(actors.gender, gender), actorOfferedIn(country, actors.bannedCountryCodes)))
        .orderBy(desc(actors.registeredAt), desc(actors.id))
        .limit(limit);
    },

    async onlineCount(): Promise<number> {
      return db.$count(actors, eq(actors.isOnline, true));
    },

    /** The home's video blocks are the videos module's (video-tile.ts). */
    trendingVideos(fromDay: string, toDay: string, limit: number, country: Country): Promise<VideoRow[]> {
      return trendingVideoTiles(db, fromDay, toDay, limit, country);
    },

    newestVideos(limit: number, country: Country): Promise<VideoRow[]> {
      return newestVideoTiles(db, limit, country);
    },

    async categoriesWithCounts(): Promise<CategoryWithCount[]> {
      const counts = db
        .select({ categoryId: actorCategories.categoryId, n: count().as('n') })
        .from(actorCategories)
        .groupBy(actorCategories.categoryId)
        .as('counts');
      const rows = await db
        .select({ category: categories, n: counts.n })
        .from(categories)
        .leftJoin(counts, eq(counts.categoryId, categories.id))
        .orderBy(asc(categories.sort), asc(categories.id));
      return rows.map((r) => ({ ...r.category, actorCount: Number(r.n ?? 0) }));
    },

    listCategories(): Promise<CategoryRow[]> {
      return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
    },

    async categoryBySlug(lang: Language, slug: string): Promise<CategoryRow | null> {
      const [row] = await db
        .select()
        .from(categories)
        .where(eq(slugColumn(lang), slug))
        .limit(1);
      return row ?? null;
    },

    /** A category's performers, without those blocked in `country` (spec 6). */
    async actorsInCategory(categoryId: number, offset: number, limit: number, country: Country) {
      const inCategory = and(
        eq(actorCategories.categoryId, categoryId),
        actorOfferedIn(country, actors.bannedCountryCodes),
      );
      const [rows, total] = await Promise.all([
        db
          .select({ actor: actors })
          .from(actorCategories)
          .innerJoin(actors, eq(actors.id, actorCategories.actorId))
          .where(inCategory)
          .orderBy(...onlineThenRanking)
          .offset(offset)
          .limit(limit),
        db
          .select({ n: count() })
          .from(actorCategories)
          .innerJoin(actors, eq(actors.id, actorCategories.actorId))
          .where(inCategory)
          .then((r) => Number(r[0]?.n ?? 0)),
      ]);
      return { actors: rows.map((r) => r.actor), total };
    },

    /** Contests running at `now`, the next ones to start and the last ones to end. */
    async contestsAround(now: Date, limit: number) {
      const [active, next, last] = await Promise.all([
        db
          .select()
          .from(contests)
          .where(and(lte(contests.startsAt, now), gt(contests.endsAt, now)))
          .orderBy(asc(contests.endsAt), asc(contests.id))
          .limit(limit),
        db
          .select()
          .from(contests)
          .where(gt(contests.startsAt, now))
          .orderBy(asc(contests.startsAt), asc(contests.id))
          .limit(limit),
        db
          .select()
          .from(contests)
          .where(lte(contests.endsAt, now))
          .orderBy(desc(contests.endsAt), desc(contests.id))
          .limit(limit),
      ]);
      return { active, next, last };
    },

    newestBlogPosts(limit: number): Promise<BlogPostRow[]> {
      return db
        .select()
        .from(blogPosts)
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(limit);
    },

    async tvSeries(limit: number): Promise<TvSeriesRow[]> {
      const episodes = db
        .select({ seriesId: tvEpisodes.seriesId, n: count().as('n') })
        .from(tvEpisodes)
        .groupBy(tvEpisodes.seriesId)
        .as('episodes');
      const rows = await db
        .select({ series: tvSeries, n: episodes.n })
        .from(tvSeries)
        .leftJoin(episodes, eq(episodes.seriesId, tvSeries.id))
        .orderBy(asc(tvSeries.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.series, episodeCount: Number(r.n ?? 0) }));
    },

    /** The SEO text of a page in a language, falling back to en. */
    async seoText(pageKey: string, lang: Language): Promise<SeoRow | null> {
      const rows = await db
        .select()
        .from(seoTexts)
        .where(and(eq(seoTexts.pageKey, pageKey), sql`${seoTexts.language} in (${lang}, 'en')`));
      return rows.find((r) => r.language === lang) ?? rows[0] ?? null;
    },

    /** The actor's banned countries (spec 6); null when there is no such actor. */
    async actorBans(actorId: number): Promise<string[] | null> {
      const [row] = await db
        .select({ banned: actors.bannedCountryCodes })
        .from(actors)
        .where(eq(actors.id, actorId));
      return row ? row.banned : null;
    },

    /** Name, avatar and online flag of actors by id, in one query (an unknown id is absent). */
    async actorCards(
      actorIds: readonly number[],
    ): Promise<Map<number, { name: string; avatarKey: string; isOnline: boolean }>> {
      if (actorIds.length === 0) return new Map();
      const rows = await db
        .select({ id: actors.id, name: actors.name, avatarKey: actors.avatarKey, isOnline: actors.isOnline })
        .from(actors)
        .where(inArray(actors.id, [...new Set(actorIds)]));
      return new Map(rows.map(({ id, ...card }) => [id, card]));
    },

    /**
     * Moves the actor's pinnedCount by `delta` (never below 0) on `executor`: the transaction that
     * pins or unpins (the favorites module's), so the count follows the pins exactly.
     */
    async addPinnedIn(executor: Db, actorId: number, delta: 1 | -1): Promise<void> {
      await executor
        .update(actors)
        .set({
          pinnedCount:
            delta > 0 ? sql`${actors.pinnedCount} + 1` : sql`greatest(${actors.pinnedCount} - 1, 0)`,
        })
        .where(eq(actors.id, actorId));
    },

    async actorByNameLower(nameLower: string): Promise<ActorRow | null> {
      const [row] = await db.select().from(actors).where(eq(actors.nameLower, nameLower)).limit(1);
      return row ?? null;
    },

    async actorDetails(actorId: number) {
      const [cats, tagRows, videoCount, albumCount] = await Promise.all([
        db
          .select({ category: categories })
          .from(actorCategories)
          .innerJoin(categories, eq(categories.id, actorCategories.categoryId))
          .where(eq(actorCategories.actorId, actorId))
          .orderBy(asc(categories.sort), asc(categories.id)),
        db
          .select({ label: tags.label })
          .from(actorTags)
          .innerJoin(tags, eq(tags.id, actorTags.tagId))
          .where(eq(actorTags.actorId, actorId))
          .orderBy(asc(tags.label)),
        videoCountOfActor(db, actorId),
        albumCountOfActor(db, actorId),
      ]);
      return {
        categories: cats.map((c) => c.category),
        tags: tagRows.map((t) => t.label),
        videoCount,
        albumCount,
      };
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/**
 * The performers' online flag (`actors.is_online`, `online_since`; spec 4 presence) and the demo
 * simulator's step claim (the `presence-simulator` row of `counters`): the presence module changes
 * the catalog's tables only through these (decision 0030; app.ts wires them).
 */
export function createActorPresenceRepository(db: Db) {
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
