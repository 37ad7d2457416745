/**
 * The videos module's reads for the actor profile (the actors module; decision 0037: the owner reads
 * its tables, the profile names none of them). Every list is bounded (LIMIT) and follows an index:
 * the actor's videos by `videos_actor_released_idx` / `videos_actor_likes_idx`, other actors' videos
 * by `videos_likes_idx`. Every video has its actor (foreign key), so the tiles need no actor join:
 * the actor's name is the catalog's part in the tile's columns.
 */
import { type Db, queryRows } from '@vela/db/client';
import { and, asc, desc, eq, gte, lt, ne, sql } from '@vela/db/orm';
import { videoSalesDaily, videos, videoTags } from '@vela/db/schema/videos';
import type { Country } from '../../infra/country.ts';
import { actorIdOfferedIn } from '../catalog/actor-sql.ts';
import { tagRowsSql } from '../catalog/tag-sql.ts';
import { type VideoRow, videoTileColumns } from './video-tile.ts';

/** Which of an actor's videos a tab lists. */
export type VideoSubset =
  | { kind: 'all' }
  | { kind: 'classic' }
  | { kind: 'tag'; tagId: number }
  | { kind: 'discounted' };

export function createActorVideoReads(db: Db) {
  return {
    /** The distinct tags of the actor's videos (the tag groups of the videos/tag tabs). */
    tagGroupsOf(actorId: number): Promise<{ id: number; label: string }[]> {
      return queryRows<{ id: number; label: string }>(
        db,
        sql`select distinct t.id, t.label
            from ${videos} v join ${videoTags} vt on vt.video_id = v.id join ${tagRowsSql()} t on t.id = vt.tag_id
            where v.actor_id = ${actorId}
            order by t.label, t.id limit 200`,
      );
    },

    videoCountOf(actorId: number): Promise<number> {
      return db.$count(videos, eq(videos.actorId, actorId));
    },

    /** The actor's videos of a subset, newest first (videos_actor_released_idx). */
    videosOf(actorId: number, subset: VideoSubset, offset: number, limit: number): Promise<VideoRow[]> {
      const conditions = [eq(videos.actorId, actorId)];
      if (subset.kind === 'classic') conditions.push(eq(videos.classic, true));
      if (subset.kind === 'discounted') conditions.push(lt(videos.priceCents, videos.basePriceCents));
      if (subset.kind === 'tag')
        conditions.push(
          sql`exists (select 1 from ${videoTags} where ${videoTags.videoId} = ${videos.id} and ${videoTags.tagId} = ${subset.tagId})`,
        );
      return db
        .select(videoTileColumns)
        .from(videos)
        .where(and(...conditions))
        .orderBy(desc(videos.releasedAt), desc(videos.id))
        .offset(offset)
        .limit(limit);
    },

    async videoById(videoId: number): Promise<VideoRow | null> {
      const [row] = await db.select(videoTileColumns).from(videos).where(eq(videos.id, videoId)).limit(1);
      return row ?? null;
    },

    /** The actor's best rated videos (videos_actor_likes_idx), without `exceptVideoId`. */
    bestRatedOf(actorId: number, exceptVideoId: number | null, limit: number): Promise<VideoRow[]> {
      return db
        .select(videoTileColumns)
        .from(videos)
        .where(
          and(eq(videos.actorId, actorId), exceptVideoId === null ? undefined : ne(videos.id, exceptVideoId)),
        )
        .orderBy(desc(videos.likes), asc(videos.id))
        .limit(limit);
    },

    /** Tags of one video. */
    async tagIdsOfVideo(videoId: number): Promise<number[]> {
      const rows = await db
        .select({ tagId: videoTags.tagId })
        .from(videoTags)
        .where(eq(videoTags.videoId, videoId))
        .limit(50);
      return rows.map((r) => r.tagId);
    },

    /**
     * Other actors' best rated videos sharing one of `tagIds`: walks videos_likes_idx and stops at
     * `limit` (popular tags match early). Never those of actors blocked in `country` (spec 6).
     */
    otherActorsVideosWithTags(
      actorId: number,
      tagIds: number[],
      limit: number,
      country: Country,
    ): Promise<VideoRow[]> {
      if (tagIds.length === 0) return Promise.resolve([]);
      const list = sql.join(
        tagIds.map((id) => sql`${id}`),
        sql`, `,
      );
      return db
        .select(videoTileColumns)
        .from(videos)
        .where(
          and(
            ne(videos.actorId, actorId),
            actorIdOfferedIn(country, videos.actorId),
            sql`exists (select 1 from ${videoTags} where ${videoTags.videoId} = ${videos.id} and ${videoTags.tagId} in (${list}))`,
          ),
        )
        .orderBy(desc(videos.likes), asc(videos.id))
        .limit(limit);
    },

    /** The tags of the actor's own videos that are most used (for recommendations without a video). */
    async topTagIdsOfActor(actorId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ tagId: videoTags.tagId, n: sql<number>`count(*)`.as('n') })
        .from(videos)
        .innerJoin(videoTags, eq(videoTags.videoId, videos.id))
        .where(eq(videos.actorId, actorId))
        .groupBy(videoTags.tagId)
        .orderBy(desc(sql`count(*)`), asc(videoTags.tagId))
        .limit(limit);
      return rows.map((r) => r.tagId);
    },

    /**
     * The actor's best selling videos over the UTC days from `fromDay` (sales per day of the
     * actor's videos; video_sales_daily primary key per video and day).
     */
    topSellingOf(
      actorId: number,
      fromDay: string,
      limit: number,
    ): Promise<(VideoRow & { periodSales: number })[]> {
      const sold = db
        .select({
          videoId: videoSalesDaily.videoId,
          sales: sql<number>`sum(${videoSalesDaily.sales})`.as('sales'),
        })
        .from(videoSalesDaily)
        .innerJoin(videos, eq(videos.id, videoSalesDaily.videoId))
        .where(and(eq(videos.actorId, actorId), gte(videoSalesDaily.day, fromDay)))
        .groupBy(videoSalesDaily.videoId)
        .as('sold');
      return db
        .select({ ...videoTileColumns, periodSales: sql<number>`${sold.sales}::int` })
        .from(sold)
        .innerJoin(videos, eq(videos.id, sold.videoId))
        .orderBy(desc(sold.sales), asc(videos.id))
        .limit(limit);
    },

    /** Does the actor have a video with this tag? */
    async actorHasTag(actorId: number, tagId: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(videos)
        .where(
          and(
            eq(videos.actorId, actorId),
            sql`exists (select 1 from ${videoTags} where ${videoTags.videoId} = ${videos.id} and ${videoTags.tagId} = ${tagId})`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
