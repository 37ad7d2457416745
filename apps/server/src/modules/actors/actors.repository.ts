/**
 * All SQL of the actor profile. Every list is bounded (LIMIT) and follows an index of schema.ts:
 * the actor's videos by `videos_actor_released_idx` / `videos_actor_likes_idx`, albums by
 * `albums_actor_created_idx`, chat ratings by `chat_ratings_actor_created_idx`, cam shows by
 * `cam_shows_actor_starts_idx`, other actors' videos by `videos_likes_idx`, online performers by
 * `actors_online_ranking_idx`.
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, gt, gte, lt, ne, sql } from '@vela/db/orm';
import { actorHeatMaps, actorInterviews, actorNotes } from '@vela/db/schema/actors';
import { actorCategories, actors, tags } from '@vela/db/schema/catalog';
import { albums } from '@vela/db/schema/gallery';
import { camShows, chatRatings } from '@vela/db/schema/performers';
import { videoSalesDaily, videos, videoTags } from '@vela/db/schema/videos';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import { actorBannedCodes, actorBansNoCountry } from '../catalog/actor-sql.ts';
import type { ActorRow } from '../catalog/catalog.service.ts';
import { type MediaKeyUse, mediaAgeRatingSql } from '../catalog/media-facts.ts';
import { type VideoRow, videoTileColumns } from '../videos/video-tile.ts';

export type AlbumRow = typeof albums.$inferSelect & { coverAgeRating: number };
export type CamShowRow = typeof camShows.$inferSelect;
export type HeatMapRow = typeof actorHeatMaps.$inferSelect;
export type InterviewRow = typeof actorInterviews.$inferSelect & { imageAgeRating: number };
export type NoteRow = typeof actorNotes.$inferSelect;

const ageRatingOf = (
  key: typeof videos.previewKey | typeof actorInterviews.imageKey | typeof albums.coverKey,
) => sql<number>`coalesce(${mediaAgeRatingSql(key)}, 18)`;

/** Which of an actor's videos a tab lists. */
export type VideoSubset =
  | { kind: 'all' }
  | { kind: 'classic' }
  | { kind: 'tag'; tagId: number }
  | { kind: 'discounted' };

export function createActorsRepository(db: Db) {
  return {
    async actorById(id: number): Promise<ActorRow | null> {
      const [row] = await db.select().from(actors).where(eq(actors.id, id)).limit(1);
      return row ?? null;
    },

    async actorByNameLower(nameLower: string): Promise<ActorRow | null> {
      const [row] = await db.select().from(actors).where(eq(actors.nameLower, nameLower)).limit(1);
      return row ?? null;
    },

    /** The distinct tags of the actor's videos (the tag groups of the videos/tag tabs). */
    async tagGroupsOf(actorId: number): Promise<{ id: number; label: string }[]> {
      return db
        .selectDistinct({ id: tags.id, label: tags.label })
        .from(videos)
        .innerJoin(videoTags, eq(videoTags.videoId, videos.id))
        .innerJoin(tags, eq(tags.id, videoTags.tagId))
        .where(eq(videos.actorId, actorId))
        .orderBy(asc(tags.label), asc(tags.id))
        .limit(200);
    },

    async counts(actorId: number): Promise<{ videoCount: number; albumCount: number }> {
      const [videoCount, albumCount] = await Promise.all([
        db.$count(videos, eq(videos.actorId, actorId)),
        db.$count(albums, eq(albums.actorId, actorId)),
      ]);
      return { videoCount, albumCount };
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
        .innerJoin(actors, eq(actors.id, videos.actorId))
        .where(and(...conditions))
        .orderBy(desc(videos.releasedAt), desc(videos.id))
        .offset(offset)
        .limit(limit);
    },

    async videoById(videoId: number): Promise<VideoRow | null> {
      const [row] = await db
        .select(videoTileColumns)
        .from(videos)
        .innerJoin(actors, eq(actors.id, videos.actorId))
        .where(eq(videos.id, videoId))
        .limit(1);
      return row ?? null;
    },

    /** The actor's best rated videos (videos_actor_likes_idx), without `exceptVideoId`. */
    bestRatedOf(actorId: number, exceptVideoId: number | null, limit: number): Promise<VideoRow[]> {
      return db
        .select(videoTileColumns)
        .from(videos)
        .innerJoin(actors, eq(actors.id, videos.actorId))
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
     * `limit` (popular tags match early).
     */
    /** Other actors' videos with one of the tags; never those of actors blocked in `country` (spec 6). */
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
        .innerJoin(actors, eq(actors.id, videos.actorId))
        .where(
          and(
            ne(videos.actorId, actorId),
            actorOfferedIn(country, actors.bannedCountryCodes),
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
        .innerJoin(actors, eq(actors.id, videos.actorId))
        .orderBy(desc(sold.sales), asc(videos.id))
        .limit(limit);
    },

    async albumsOf(actorId: number, limit: number): Promise<AlbumRow[]> {
      const rows = await db
        .select({ album: albums, coverAgeRating: ageRatingOf(albums.coverKey) })
        .from(albums)
        .where(eq(albums.actorId, actorId))
        .orderBy(desc(albums.createdAt), desc(albums.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.album, coverAgeRating: Number(r.coverAgeRating) }));
    },

    /** Chat ratings since `since`: count and satisfied count (chat_ratings_actor_created_idx). */
    async ratingsSince(actorId: number, since: Date): Promise<{ count: number; satisfied: number }> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          satisfied: sql<number>`count(*) filter (where ${chatRatings.satisfied})::int`,
        })
        .from(chatRatings)
        .where(and(eq(chatRatings.actorId, actorId), gte(chatRatings.createdAt, since)));
      return { count: Number(row?.count ?? 0), satisfied: Number(row?.satisfied ?? 0) };
    },

    async heatMapOf(actorId: number): Promise<HeatMapRow | null> {
      const [row] = await db.select().from(actorHeatMaps).where(eq(actorHeatMaps.actorId, actorId)).limit(1);
      return row ?? null;
    },

    interviewsOf(actorId: number, limit: number): Promise<InterviewRow[]> {
      return db
        .select({
          id: actorInterviews.id,
          actorId: actorInterviews.actorId,
          title: actorInterviews.title,
          imageKey: actorInterviews.imageKey,
          durationS: actorInterviews.durationS,
          publishedAt: actorInterviews.publishedAt,
          imageAgeRating: ageRatingOf(actorInterviews.imageKey),
        })
        .from(actorInterviews)
        .where(eq(actorInterviews.actorId, actorId))
        .orderBy(desc(actorInterviews.publishedAt), desc(actorInterviews.id))
        .limit(limit);
    },

    /** Public cam shows of the actor that have not ended, soonest first. */
    upcomingShowsOf(actorId: number, now: Date, limit: number): Promise<CamShowRow[]> {
      return db
        .select()
        .from(camShows)
        .where(and(eq(camShows.actorId, actorId), gt(camShows.endsAt, now), eq(camShows.isInternal, false)))
        .orderBy(asc(camShows.startsAt), asc(camShows.id))
        .limit(limit);
    },

    /** Online performers sharing a category with the actor, best ranked first (actors_online_ranking_idx). */
    /** Online actors sharing a category with the actor; never those blocked in `country` (spec 6). */
    relatedOnline(actorId: number, limit: number, country: Country): Promise<ActorRow[]> {
      return db
        .select()
        .from(actors)
        .where(
          and(
            eq(actors.isOnline, true),
            ne(actors.id, actorId),
            actorOfferedIn(country, actors.bannedCountryCodes),
            sql`exists (select 1 from ${actorCategories} mine join ${actorCategories} theirs on theirs.category_id = mine.category_id where mine.actor_id = ${actorId} and theirs.actor_id = ${actors.id})`,
          ),
        )
        .orderBy(desc(actors.isOnline), desc(actors.rankingPoints), asc(actors.id))
        .limit(limit);
    },

    async noteOf(guestId: number, actorId: number): Promise<NoteRow | null> {
      const [row] = await db
        .select()
        .from(actorNotes)
        .where(and(eq(actorNotes.guestId, guestId), eq(actorNotes.actorId, actorId)))
        .limit(1);
      return row ?? null;
    },

    async storeNote(guestId: number, actorId: number, comment: string, at: Date): Promise<NoteRow> {
      const [row] = await db
        .insert(actorNotes)
        .values({ guestId, actorId, comment, updatedAt: at })
        .onConflictDoUpdate({
          target: [actorNotes.guestId, actorNotes.actorId],
          set: { comment, updatedAt: at },
        })
        .returning();
      if (!row) throw new Error('note not stored');
      return row;
    },

    async deleteNote(guestId: number, actorId: number): Promise<void> {
      await db
        .delete(actorNotes)
        .where(and(eq(actorNotes.guestId, guestId), eq(actorNotes.actorId, actorId)));
    },

    async tagByLabel(label: string): Promise<{ id: number; label: string } | null> {
      const [row] = await db.select().from(tags).where(eq(tags.label, label)).limit(1);
      return row ?? null;
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

export type ActorsRepository = ReturnType<typeof createActorsRepository>;

/** Interview images as uses of a media key (the media gate's lookup; catalog/media-facts.ts). */
export const interviewImageUse: MediaKeyUse = {
  open: (key) =>
    sql`exists (select 1 from ${actorInterviews} i where i.image_key = ${key} and ${actorBansNoCountry(sql`i.actor_id`)})`,
  bannedCodes: (key) =>
    sql`select ${actorBannedCodes(sql`i.actor_id`)} as codes from ${actorInterviews} i where i.image_key = ${key}`,
};
