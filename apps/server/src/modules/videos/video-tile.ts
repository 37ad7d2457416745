/**
 * The one shape of a video tile row: the video, its preview's age rating and its actor's name. Every
 * query that lists video tiles (the catalog's home blocks, an actor's profile, search) selects these
 * columns, so `presentVideoTile` takes any of their rows. The videos module offers them, and the
 * home's two video blocks, to the other modules (decision 0030) instead of each copying the SQL;
 * the preview's age rating and the actor's name are the catalog's parts (scalar lookups by key).
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql } from '@vela/db/orm';
import { videoSalesDaily, videos } from '@vela/db/schema/videos';
import type { Country } from '../../infra/country.ts';
import { actorIdOfferedIn, actorNameSql } from '../catalog/actor-sql.ts';
import { mediaAgeRatingSql } from '../catalog/media-facts.ts';

export type VideoRow = typeof videos.$inferSelect & { actorName: string; previewAgeRating: number };

/** The columns of a video tile. */
export const videoTileColumns = {
  ...getTableColumns(videos),
  /** The preview picture's own age rating (a FSK-18 video may have a FSK-16 preview); the media gate uses it. */
  previewAgeRating: sql<number>`coalesce(${mediaAgeRatingSql(videos.previewKey)}, 18)`,
  actorName: actorNameSql(videos.actorId),
};

/** Videos with the most sales on the UTC days in [fromDay, toDay], offered in `country` (the home's trends). */
export function trendingVideoTiles(
  db: Db,
  fromDay: string,
  toDay: string,
  limit: number,
  country: Country,
): Promise<VideoRow[]> {
  const sold = db
    .select({
      videoId: videoSalesDaily.videoId,
      sales: sql<number>`sum(${videoSalesDaily.sales})`.as('sales'),
    })
    .from(videoSalesDaily)
    .where(and(gte(videoSalesDaily.day, fromDay), lte(videoSalesDaily.day, toDay)))
    .groupBy(videoSalesDaily.videoId)
    .as('sold');
  return db
    .select(videoTileColumns)
    .from(sold)
    .innerJoin(videos, eq(videos.id, sold.videoId))
    .where(actorIdOfferedIn(country, videos.actorId))
    .orderBy(desc(sold.sales), asc(videos.id))
    .limit(limit);
}

/** The newest videos offered in `country` (the home's new videos; videos_released_idx). */
export function newestVideoTiles(db: Db, limit: number, country: Country): Promise<VideoRow[]> {
  return db
    .select(videoTileColumns)
    .from(videos)
    .where(actorIdOfferedIn(country, videos.actorId))
    .orderBy(desc(videos.releasedAt), desc(videos.id))
    .limit(limit);
}

/** How many videos the actor has (the profile's count). */
export function videoCountOfActor(db: Db, actorId: number): Promise<number> {
  return db.$count(videos, eq(videos.actorId, actorId));
}

/** Video tiles by id (any order), of performers offered in `country`; an unknown id is left out (the media library's lists). */
export function videoTilesByIds(db: Db, ids: readonly number[], country: Country): Promise<VideoRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(videoTileColumns)
    .from(videos)
    .where(and(inArray(videos.id, [...ids]), actorIdOfferedIn(country, videos.actorId)));
}
