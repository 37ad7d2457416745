/**
 * The videos module's part of the global search (decision 0037: the owner searches its tables with
 * the search's rules, search/search-sql.ts): videos by title, and the parts the catalog's model
 * search and the popular tags read of the videos.
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, type SQL, sql } from '@vela/db/orm';
import { videos } from '@vela/db/schema/videos';
import type { Country } from '../../infra/country.ts';
import { actorIdOfferedIn } from '../catalog/actor-sql.ts';
import { cappedCount, containsOperand, type Found, found } from '../search/search-sql.ts';
import { type VideoRow, videoTileColumns } from './video-tile.ts';

/** A column or SQL expression (drizzle's SQLWrapper). */
type SqlOperand = { getSQL(): SQL };

/**
 * Videos whose title contains the pattern (`lower(title)`, its trigram index), most liked first;
 * `asmr` limits to ASMR videos. Every video has its actor (foreign key), so no join is needed.
 */
export function searchVideos(
  db: Db,
  pattern: string,
  asmr: boolean,
  limit: number,
  offset: number,
  country: Country,
): Promise<Found<VideoRow>> {
  const where = and(
    sql`lower(${videos.title}) like ${containsOperand(pattern)} escape '\\'`,
    asmr ? eq(videos.asmr, true) : undefined,
    actorIdOfferedIn(country, videos.actorId),
  ) as SQL;
  return found(
    db
      .select(videoTileColumns)
      .from(videos)
      .where(where)
      .orderBy(desc(videos.likes), asc(videos.id))
      .limit(limit)
      .offset(offset),
    cappedCount(db, sql`${videos}`, where),
  );
}

/** SQL: whether the actor `actorId` has a video (videos_actor_released_idx). */
export function actorHasVideosSql(actorId: SqlOperand): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${videos} where ${videos.actorId} = ${actorId})`;
}

/** SQL: how many videos the actor `actorId` has. */
export function videoCountOfActorSql(actorId: SqlOperand): SQL<number> {
  return sql<number>`(select count(*)::int from videos v where v.actor_id = ${actorId})`;
}

/**
 * SQL: a derived table `(tag_id, n)` of the `limit` tags most videos carry, most first (an
 * index-only scan of video_tags_tag_idx).
 */
export function popularVideoTagsSql(limit: number): SQL {
  return sql`(select tag_id, count(*) as n from video_tags group by tag_id order by n desc, tag_id limit ${limit})`;
}
