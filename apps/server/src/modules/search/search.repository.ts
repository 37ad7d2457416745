/**
 * All SQL of the global search. Every predicate is written exactly as its pg_trgm index expression
 * (migration 0005: `name_lower`, `lower(title)`, `lower(title ->> '<lang>')`, `lower(label)`) so the
 * planner can use the GIN indexes; counts stop at SEARCH_COUNT_CAP + 1 rows. Every search of
 * performers or their content is for a caller's country: performers blocked there (spec 6) and
 * their videos and albums are never found (infra/country.ts).
 */
import type { Language } from '@vela/contracts/common';
import { SEARCH_COUNT_CAP } from '@vela/contracts/search';
import { type Db, queryRows } from '@vela/db/client';
import { and, asc, desc, eq, not, type SQL, sql } from '@vela/db/orm';
import { actors, blogPosts, tags, tvEpisodes, tvSeries } from '@vela/db/schema/catalog';
import { albums } from '@vela/db/schema/gallery';
import { searchPatterns, searchStats } from '@vela/db/schema/search';
import { videos } from '@vela/db/schema/videos';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import { actorIdOfferedIn } from '../catalog/actor-sql.ts';
import { videoTileColumns } from '../videos/video-tile.ts';

export type SearchActorRow = typeof actors.$inferSelect;
export type SearchModelRow = SearchActorRow & { videoCount: number };
export type SearchVideoRow = typeof videos.$inferSelect & { actorName: string; previewAgeRating: number };
export type SearchAlbumRow = typeof albums.$inferSelect & { actorName: string };
export type SearchTvRow = typeof tvSeries.$inferSelect & { episodeCount: number };
export type SearchEpisodeRow = typeof tvEpisodes.$inferSelect & {
  seriesKey: string;
  seriesTitle: Record<Language, string>;
};
export type SearchBlogRow = typeof blogPosts.$inferSelect;

export interface Found<R> {
  rows: R[];
  /** Matches, at most SEARCH_COUNT_CAP + 1 (more than the cap means "cap+"). */
  total: number;
}

/** The pattern as a LIKE operand `%pattern%`, with %, _ and \ matched literally. */
export function containsOperand(pattern: string): string {
  return `%${escapeLike(pattern.toLowerCase())}%`;
}
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `name_lower LIKE '%pattern%'` (actors_name_trgm_idx). */
export function nameContains(pattern: string): SQL {
  return sql`${actors.nameLower} like ${containsOperand(pattern)} escape '\\'`;
}

/** `lower(<title>) LIKE '%pattern%'` (the *_title_trgm_idx indexes). */
function lowerContains(
  column: typeof videos.title | typeof albums.title | typeof tvEpisodes.title,
  pattern: string,
): SQL {
  return sql`lower(${column}) like ${containsOperand(pattern)} escape '\\'`;
}

/** `lower(title ->> '<lang>')`: the language is a literal so the expression matches its index. */
function blogTitleOf(lang: Language): SQL {
  const key = { de: 'de', en: 'en', nl: 'nl', es: 'es' }[lang];
  return sql`lower(${blogPosts.title} ->> ${sql.raw(`'${key}'`)})`;
}

export function createSearchRepository(db: Db) {
  /** How many rows of `table` match, counted up to the cap + 1. */
  async function cappedCount(table: SQL, where: SQL): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${table} where ${where} limit ${SEARCH_COUNT_CAP + 1}) as matches`,
    );
    return row?.n ?? 0;
  }

  async function found<R>(rows: Promise<R[]>, count: Promise<number>): Promise<Found<R>> {
    const [r, total] = await Promise.all([rows, count]);
    return { rows: r, total };
  }

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
        cappedCount(sql`${actors}`, where),
      );
    },

    /** Models: actors with at least one video whose name contains the pattern, by ranking. */
    async models(
      pattern: string,
      limit: number,
      offset: number,
      country: Country,
    ): Promise<Found<SearchModelRow>> {
      const where = and(
        nameContains(pattern),
        actorOfferedIn(country, actors.bannedCountryCodes),
        sql`exists (select 1 from ${videos} where ${videos.actorId} = ${actors.id})`,
      ) as SQL;
      return found(
        db
          .select({
            actor: actors,
            // Qualified by hand: drizzle leaves single-table select fields unqualified.
            videoCount: sql<number>`(select count(*)::int from videos v where v.actor_id = actors.id)`,
          })
          .from(actors)
          .where(where)
          .orderBy(desc(actors.rankingPoints), asc(actors.id))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map((r) => ({ ...r.actor, videoCount: r.videoCount }))),
        cappedCount(sql`${actors}`, where),
      );
    },

    /** Videos whose title contains the pattern, most liked first; `asmr` limits to ASMR videos. */
    videos(
      pattern: string,
      asmr: boolean,
      limit: number,
      offset: number,
      country: Country,
    ): Promise<Found<SearchVideoRow>> {
      const where = and(
        lowerContains(videos.title, pattern),
        asmr ? eq(videos.asmr, true) : undefined,
        actorIdOfferedIn(country, videos.actorId),
      ) as SQL;
      return found(
        db
          .select(videoTileColumns)
          .from(videos)
          .innerJoin(actors, eq(actors.id, videos.actorId))
          .where(where)
          .orderBy(desc(videos.likes), asc(videos.id))
          .limit(limit)
          .offset(offset),
        cappedCount(sql`${videos}`, where),
      );
    },

    /** Albums whose title contains the pattern, newest first; `imagesOnly`: photo albums. */
    albums(
      pattern: string,
      imagesOnly: boolean,
      limit: number,
      offset: number,
      country: Country,
    ): Promise<Found<SearchAlbumRow>> {
      const where = and(
        lowerContains(albums.title, pattern),
        imagesOnly ? eq(albums.type, 'image') : undefined,
        actorIdOfferedIn(country, albums.actorId),
      ) as SQL;
      return found(
        db
          .select({ album: albums, actorName: actors.name })
          .from(albums)
          .innerJoin(actors, eq(actors.id, albums.actorId))
          .where(where)
          .orderBy(desc(albums.createdAt), asc(albums.id))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map((r) => ({ ...r.album, actorName: r.actorName }))),
        cappedCount(sql`${albums}`, where),
      );
    },

    /**
     * TV series whose title in the language contains the pattern. The series table is small (a
     * handful of shows) and has no trigram index: a scan of it is the cheapest plan.
     */
    tv(pattern: string, lang: Language, limit: number, offset: number): Promise<Found<SearchTvRow>> {
      const key = sql.raw(`'${{ de: 'de', en: 'en', nl: 'nl', es: 'es' }[lang]}'`);
      const where = sql`lower(${tvSeries.title} ->> ${key}) like ${containsOperand(pattern)} escape '\\'`;
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
        cappedCount(sql`${tvSeries}`, where),
      );
    },

    /** TV episodes (mediathek) whose title contains the pattern, newest first. */
    mediathek(pattern: string, limit: number, offset: number): Promise<Found<SearchEpisodeRow>> {
      const where = lowerContains(tvEpisodes.title, pattern);
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
        cappedCount(sql`${tvEpisodes}`, where),
      );
    },

    /** Blog posts whose title in the request language contains the pattern, newest first. */
    blog(pattern: string, lang: Language, limit: number, offset: number): Promise<Found<SearchBlogRow>> {
      const where = sql`${blogTitleOf(lang)} like ${containsOperand(pattern)} escape '\\'`;
      return found(
        db
          .select()
          .from(blogPosts)
          .where(where)
          .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id))
          .limit(limit)
          .offset(offset),
        cappedCount(sql`${blogPosts}`, where),
      );
    },

    /**
     * Popular searched patterns starting with the prefix, most searched first; never the name of a
     * performer blocked in `country` (spec 6).
     */
    async popularPatterns(prefix: string, limit: number, country: Country): Promise<string[]> {
      const blockedName =
        country === null
          ? sql`false`
          : sql`exists (select 1 from ${actors} where ${actors.nameLower} = ${searchStats.patternLower} and not ${actorOfferedIn(country, actors.bannedCountryCodes)})`;
      const rows = await db
        .select({ pattern: searchStats.patternLower })
        .from(searchStats)
        .where(
          and(
            sql`${searchStats.patternLower} like ${`${escapeLike(prefix.toLowerCase())}%`} escape '\\'`,
            not(blockedName),
          ),
        )
        .orderBy(desc(searchStats.count), asc(searchStats.patternLower))
        .limit(limit);
      return rows.map((r) => r.pattern);
    },

    /** Actor names starting with the prefix (trigram index), best ranked first. */
    async actorNamesStartingWith(prefix: string, limit: number, country: Country): Promise<string[]> {
      const rows = await db
        .select({ name: actors.name })
        .from(actors)
        .where(
          and(
            sql`${actors.nameLower} like ${`${escapeLike(prefix.toLowerCase())}%`} escape '\\'`,
            actorOfferedIn(country, actors.bannedCountryCodes),
          ),
        )
        .orderBy(desc(actors.rankingPoints), asc(actors.id))
        .limit(limit);
      return rows.map((r) => r.name);
    },

    /** Tags whose label starts with (`prefix`) or contains the text, by label. */
    async tagsMatching(text: string, mode: 'prefix' | 'contains', limit: number) {
      const operand = mode === 'prefix' ? `${escapeLike(text.toLowerCase())}%` : containsOperand(text);
      return db
        .select({ id: tags.id, label: tags.label })
        .from(tags)
        .where(sql`lower(${tags.label}) like ${operand} escape '\\'`)
        .orderBy(asc(tags.label))
        .limit(limit);
    },

    /** Tags by how many videos carry them (an index-only scan of video_tags_tag_idx). */
    mostPopularTags(limit: number) {
      return queryRows<{ id: number; label: string; video_count: number }>(
        db,
        sql`select t.id, t.label, c.n::int as video_count
            from (select tag_id, count(*) as n from video_tags group by tag_id order by n desc, tag_id limit ${limit}) c
            join tags t on t.id = c.tag_id
            order by c.n desc, t.id`,
      );
    },

    /** The guest's last searches, newest first. */
    async lastSearches(guestId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ pattern: searchPatterns.pattern })
        .from(searchPatterns)
        .where(eq(searchPatterns.guestId, guestId))
        .orderBy(desc(searchPatterns.searchedAt), desc(searchPatterns.pattern))
        .limit(limit);
      return rows.map((r) => r.pattern);
    },

    /**
     * Stores a guest's search (newest first, keeps `keep` per guest) and counts it in the search
     * statistics, in one transaction.
     */
    async storePattern(guestId: number, pattern: string, keep: number, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(searchPatterns)
          .values({ guestId, pattern, searchedAt: at })
          .onConflictDoUpdate({
            target: [searchPatterns.guestId, searchPatterns.pattern],
            set: { searchedAt: at },
          });
        await tx.execute(sql`
          delete from ${searchPatterns} where ${searchPatterns.guestId} = ${guestId}
            and ${searchPatterns.pattern} not in (
              select ${searchPatterns.pattern} from ${searchPatterns} where ${searchPatterns.guestId} = ${guestId}
              order by ${searchPatterns.searchedAt} desc, ${searchPatterns.pattern} desc limit ${keep})`);
        await tx
          .insert(searchStats)
          .values({ patternLower: pattern.toLowerCase(), count: 1, lastAt: at })
          .onConflictDoUpdate({
            target: searchStats.patternLower,
            set: { count: sql`${searchStats.count} + 1`, lastAt: at },
          });
      });
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
