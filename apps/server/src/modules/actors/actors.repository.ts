/**
 * The actor profile's SQL. The profile reads its own tables here (heat maps, interviews, notes); the
 * other owners offer their reads of an actor (decision 0037): the catalog the actor and related
 * performers (catalog/actor-profile.ts) and tags (catalog/tag-sql.ts), the videos module the actor's
 * videos (videos/actor-videos.ts), the gallery the albums (gallery/album-count.ts,
 * gallery/actor-albums.ts), the performers module chat ratings and cam shows
 * (performers/actor-shows.ts). Every list is bounded (LIMIT) and follows an index.
 */
import type { Db } from '@vela/db/client';
import { and, desc, eq, sql } from '@vela/db/orm';
import { actorHeatMaps, actorInterviews, actorNotes } from '@vela/db/schema/actors';
import { createActorProfileReads } from '../catalog/actor-profile.ts';
import { actorBannedCodes, actorBansNoCountry } from '../catalog/actor-sql.ts';
import { type MediaKeyUse, mediaAgeRatingSql } from '../catalog/media-facts.ts';
import { tagByLabel } from '../catalog/tag-sql.ts';
import { type ActorAlbumRow, albumsOfActor } from '../gallery/actor-albums.ts';
import { albumCountOfActor } from '../gallery/album-count.ts';
import { type ActorCamShowRow, createActorShowReads } from '../performers/actor-shows.ts';
import { createActorVideoReads } from '../videos/actor-videos.ts';

export type { VideoSubset } from '../videos/actor-videos.ts';
export type AlbumRow = ActorAlbumRow;
export type CamShowRow = ActorCamShowRow;
export type HeatMapRow = typeof actorHeatMaps.$inferSelect;
export type InterviewRow = typeof actorInterviews.$inferSelect & { imageAgeRating: number };
export type NoteRow = typeof actorNotes.$inferSelect;

export function createActorsRepository(db: Db) {
  const videoReads = createActorVideoReads(db);
  return {
    ...createActorProfileReads(db),
    ...videoReads,
    ...createActorShowReads(db),

    async counts(actorId: number): Promise<{ videoCount: number; albumCount: number }> {
      const [videoCount, albumCount] = await Promise.all([
        videoReads.videoCountOf(actorId),
        albumCountOfActor(db, actorId),
      ]);
      return { videoCount, albumCount };
    },

    albumsOf: (actorId: number, limit: number): Promise<AlbumRow[]> => albumsOfActor(db, actorId, limit),

    tagByLabel: (label: string) => tagByLabel(db, label),

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
          imageAgeRating: sql<number>`coalesce(${mediaAgeRatingSql(actorInterviews.imageKey)}, 18)`,
        })
        .from(actorInterviews)
        .where(eq(actorInterviews.actorId, actorId))
        .orderBy(desc(actorInterviews.publishedAt), desc(actorInterviews.id))
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
