/**
 * The catalog's part of the global search (decision 0037: the owner searches its tables with the
 * search's rules, search/search-sql.ts): actors, models, TV series and episodes, blog posts, actor
 * names and tags. Every predicate is written exactly as its pg_trgm index expression (migration
 * 0005: `name_lower`, `lower(title)`, `lower(title ->> '<lang>')`, `lower(label)`) so the planner
 * can use the GIN indexes. Performers blocked in the caller's country (spec 6) are never found.
 */
import type { Language } from '@vela/contracts/common';
import { type Db, queryRows } from '@vela/db/client';
import { and, asc, desc, eq, type SQL, sql } from '@vela/db/orm';
import { actors, blogPosts, tags, tvEpisodes, tvSeries } from '@vela/db/schema/catalog';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import { cappedCount, containsOperand, type Found, found, startsWithOperand } from '../search/search-sql.ts';
import { actorHasVideosSql, popularVideoTagsSql, videoCountOfActorSql } from '../videos/video-search.ts';

export type SearchActorRow = typeof actors.$inferSelect;
export type SearchModelRow = SearchActorRow & { videoCount: number };
export type SearchTvRow = typeof tvSeries.$inferSelect & { episodeCount: number };
export type SearchEpisodeRow = typeof tvEpisodes.$inferSelect & {
  seriesKey: string;
  seriesTitle: Record<Language, string>;
};
export type SearchBlogRow = typeof blogPosts.$inferSelect;

/** `name_lower LIKE '%pattern%'` (actors_name_trgm_idx). */
function nameContains(pattern: string): SQL {
  return sql`${actors.nameLower} like ${containsOperand(pattern)} escape '\\'`;
}

/** The literal JSON key of a language, so `lower(title ->> '<lang>')` matches its index. */
function languageKey(lang: Language): SQL {
  return sql.raw(`'${{ de: 'de', en: 'en', nl: 'nl', es: 'es' }[lang]}'`);
}

export function createCatalogSearch(db: Db) {
  return {
    /** Actors whose name contains the pattern, online first, then by ranking. */
    actors(pattern: string, limit: number, offset: number, country: Country): Promise<Found<SearchActorRow>> {
      const where = and(nameContains(pattern), actorOfferedIn(country, actors.bannedCountryCodes)) as SQL;
      return found(
        db
          .select()
          .from(actors)
          .where(where)
          .orderBy(desc(actors.isOnline), desc(actors.rankingPoints), asc(actors.id))
          .limit(limit)
          .offset(offset),
        cappedCount(db, sql`${actors}`, where),
      );
    },

    /** Models: actors with at least one video (the videos module's part) whose name contains the pattern, by ranking. */
    models(pattern: string, limit: number, offset: number, country: Country): Promise<Found<SearchModelRow>> {
      const where = and(
        nameContains(pattern),
        actorOfferedIn(country, actors.bannedCountryCodes),
        actorHasVideosSql(actors.id),
      ) as SQL;
      return found(
        db
          .select({
            actor: actors,
            // Qualified by hand: drizzle leaves single-table select fields unqualified.
            videoCount: videoCountOfActorSql(sql`actors.id`),
          })
          .from(actors)
          .where(where)
          .orderBy(desc(actors.rankingPoints), asc(actors.id))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map((r) => ({ ...r.actor, videoCount: r.videoCount }))),
        cappedCount(db, sql`${actors}`, where),
      );
    },

    /**
     * TV series whose title in the language contains the pattern. The series table is small (a
     * handful of shows) and has no trigram index: a scan of it is the cheapest plan.
     */
    tv(pattern: string, lang: Language, limit: number, offset: number): Promise<Found<SearchTvRow>> {
      const where = sql`lower(${tvSeries.title} ->> ${languageKey(lang)}) like ${containsOperand(pattern)} escape '\\'`;
      return found(
        db
          .select({
            series: tvSeries,
            episodeCount: sql<number>`(select count(*)::int from tv_episodes e where e.series_id = tv_series.id)`,
          })
          .from(tvSeries)
          .where(where)
          .orderBy(asc(tvSeries.id))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map((r) => ({ ...r.series, episodeCount: r.episodeCount }))),
        cappedCount(db, sql`${tvSeries}`, where),
      );
    },

    /** TV episodes (mediathek) whose title contains the pattern, newest first. */
    mediathek(pattern: string, limit: number, offset: number): Promise<Found<SearchEpisodeRow>> {
      const where = sql`lower(${tvEpisodes.title}) like ${containsOperand(pattern)} escape '\\'`;
      return found(
        db
          .select({ episode: tvEpisodes, seriesKey: tvSeries.key, seriesTitle: tvSeries.title })
          .from(tvEpisodes)
          .innerJoin(tvSeries, eq(tvSeries.id, tvEpisodes.seriesId))
          .where(where)
          .orderBy(desc(tvEpisodes.airedAt), asc(tvEpisodes.id))
          .limit(limit)
          .offset(offset)
          .then((rows) =>
            rows.map((r) => ({ ...r.episode, seriesKey: r.seriesKey, seriesTitle: r.seriesTitle })),
          ),
        cappedCount(db, sql`${tvEpisodes}`, where),
      );
    },

    /** Blog posts whose title in the request language contains the pattern, newest first. */
    blog(pattern: string, lang: Language, limit: number, offset: number): Promise<Found<SearchBlogRow>> {
      const where = sql`lower(${blogPosts.title} ->> ${languageKey(lang)}) like ${containsOperand(pattern)} escape '\\'`;
      return found(
        db
          .select()
          .from(blogPosts)
          .where(where)
          .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id))
          .limit(limit)
          .offset(offset),
        cappedCount(db, sql`${blogPosts}`, where),
      );
    },

    /** Actor names starting with the prefix (trigram index), best ranked first. */
    async actorNamesStartingWith(prefix: string, limit: number, country: Country): Promise<string[]> {
      const rows = await db
        .select({ name: actors.name })
        .from(actors)
        .where(
          and(
            sql`${actors.nameLower} like ${startsWithOperand(prefix)} escape '\\'`,
            actorOfferedIn(country, actors.bannedCountryCodes),
          ),
        )
        .orderBy(desc(actors.rankingPoints), asc(actors.id))
        .limit(limit);
      return rows.map((r) => r.name);
    },

    /** Tags whose label starts with (`prefix`) or contains the text, by label. */
    tagsMatching(text: string, mode: 'prefix' | 'contains', limit: number) {
      const operand = mode === 'prefix' ? startsWithOperand(text) : containsOperand(text);
      return db
        .select({ id: tags.id, label: tags.label })
        .from(tags)
        .where(sql`lower(${tags.label}) like ${operand} escape '\\'`)
        .orderBy(asc(tags.label))
        .limit(limit);
    },

    /** Tags by how many videos carry them (the videos module's count, an index-only scan of video_tags_tag_idx). */
    mostPopularTags(limit: number) {
      return queryRows<{ id: number; label: string; video_count: number }>(
        db,
        sql`select t.id, t.label, c.n::int as video_count
            from ${popularVideoTagsSql(limit)} c
            join tags t on t.id = c.tag_id
            order by c.n desc, t.id`,
      );
    },
  };
}

/**
 * SQL: true when `nameLower` (an expression of the caller's query) is the name of a performer
 * blocked in `country` (spec 6): the popular searches never suggest one. False for no country.
 */
export function blockedActorNamedSql(nameLower: { getSQL(): SQL }, country: Country): SQL {
  if (country === null) return sql`false`;
  return sql`exists (select 1 from ${actors} where ${actors.nameLower} = ${nameLower} and not ${actorOfferedIn(country, actors.bannedCountryCodes)})`;
}
