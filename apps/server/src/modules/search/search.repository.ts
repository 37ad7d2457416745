/**
 * The global search's SQL. Each owner searches its own tables with the search's rules
 * (search/search-sql.ts; decision 0037): the catalog its actors, models, TV, blog and tags
 * (catalog/catalog-search.ts), the videos module its videos (videos/video-search.ts), the gallery its
 * albums (gallery/album-search.ts); this module keeps the guests' searches and their statistics.
 * Every search of performers or their content is for a caller's country: performers blocked there
 * (spec 6) and their videos and albums are never found (infra/country.ts).
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, not, sql } from '@vela/db/orm';
import { searchPatterns, searchStats } from '@vela/db/schema/search';
import type { Country } from '../../infra/country.ts';
import { blockedActorNamedSql, createCatalogSearch } from '../catalog/catalog-search.ts';
import { type AlbumSearchRow, searchAlbums } from '../gallery/album-search.ts';
import { searchVideos } from '../videos/video-search.ts';
import type { VideoRow } from '../videos/video-tile.ts';
import { startsWithOperand } from './search-sql.ts';

export type { SearchActorRow } from '../catalog/catalog-search.ts';
export type { Found } from './search-sql.ts';
export type SearchVideoRow = VideoRow;
export type SearchAlbumRow = AlbumSearchRow;

export function createSearchRepository(db: Db) {
  return {
    ...createCatalogSearch(db),

    /** Videos whose title contains the pattern, most liked first; `asmr` limits to ASMR videos. */
    videos: (pattern: string, asmr: boolean, limit: number, offset: number, country: Country) =>
      searchVideos(db, pattern, asmr, limit, offset, country),

    /** Albums whose title contains the pattern, newest first; `imagesOnly`: photo albums. */
    albums: (pattern: string, imagesOnly: boolean, limit: number, offset: number, country: Country) =>
      searchAlbums(db, pattern, imagesOnly, limit, offset, country),

    /**
     * Popular searched patterns starting with the prefix, most searched first; never the name of a
     * performer blocked in `country` (spec 6).
     */
    async popularPatterns(prefix: string, limit: number, country: Country): Promise<string[]> {
      const blockedName = blockedActorNamedSql(searchStats.patternLower, country);
      const rows = await db
        .select({ pattern: searchStats.patternLower })
        .from(searchStats)
        .where(
          and(
            sql`${searchStats.patternLower} like ${startsWithOperand(prefix)} escape '\\'`,
            not(blockedName),
          ),
        )
        .orderBy(desc(searchStats.count), asc(searchStats.patternLower))
        .limit(limit);
      return rows.map((r) => r.pattern);
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
