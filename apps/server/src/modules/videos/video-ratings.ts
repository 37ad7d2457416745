/**
 * Like/dislike of videos (spec 7 mutations "like/dislike video", spec 3 Video guestInfo.liked and
 * rating likes): one rating per guest and video in `video_ratings` (1 like, -1 dislike; no row is
 * none), and the video's `likes`/`dislikes` counters moved by the difference in the same
 * transaction. The transaction first locks the video's row (`for update`), so concurrent ratings of
 * one video, a guest's double click included, run one after the other: a second like is not counted
 * twice, like -> dislike moves the vote, and the counters always equal the rows.
 */
import type { Db } from '@vela/db/client';
import { and, eq, inArray, sql } from '@vela/db/orm';
import { videoRatings, videos } from '@vela/db/schema/videos';
import {
  type GuestRating,
  isGuestRating,
  isNoChange,
  NO_RATING,
  type RatingFields,
  ratingDelta,
  ratingFields,
} from '@vela/domain/ratings';
import { AppError } from '../../http/errors.ts';
import { assertOfferedIn, type Country } from '../../infra/country.ts';
import { videoForSale } from './videos.repository.ts';

export type VideoRatingFields = RatingFields & { videoId: number };

const videoNotFound = () => new AppError('VIDEO_NOT_FOUND', 'No such video', 404);

const storedRating = (value: unknown): GuestRating => {
  const rating = Number(value);
  return isGuestRating(rating) ? rating : NO_RATING;
};

const ownRow = (guestId: number, videoId: number) =>
  and(eq(videoRatings.guestId, guestId), eq(videoRatings.videoId, videoId));

export function createVideoRatings(db: Db) {
  /** Sets the guest's rating and moves the counters; null when there is no such video. */
  async function store(guestId: number, videoId: number, next: GuestRating) {
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: videos.id })
        .from(videos)
        .where(eq(videos.id, videoId))
        .for('update');
      if (!locked) return null;
      const [stored] = await tx
        .select({ rating: videoRatings.rating })
        .from(videoRatings)
        .where(ownRow(guestId, videoId));
      const previous = storedRating(stored?.rating);
      const delta = ratingDelta(previous, next);
      if (next === NO_RATING) {
        if (previous !== NO_RATING) await tx.delete(videoRatings).where(ownRow(guestId, videoId));
      } else if (next !== previous) {
        await tx
          .insert(videoRatings)
          .values({ guestId, videoId, rating: next })
          .onConflictDoUpdate({
            target: [videoRatings.guestId, videoRatings.videoId],
            set: { rating: next },
          });
      }
      const counts = { likes: videos.likes, dislikes: videos.dislikes };
      const [row] = isNoChange(delta)
        ? await tx.select(counts).from(videos).where(eq(videos.id, videoId))
        : await tx
            .update(videos)
            .set({
              likes: sql`${videos.likes} + ${delta.likes}`,
              dislikes: sql`${videos.dislikes} + ${delta.dislikes}`,
            })
            .where(eq(videos.id, videoId))
            .returning(counts);
      return row ?? null;
    });
  }

  return {
    /**
     * Spec 7 likeVideo / dislikeVideo: the guest's rating becomes `next` (0 takes it back). The
     * answer carries the counts and flags the client overwrites its own with (spec 4). 404 for an
     * unknown video, 403 ACTOR_BLOCKED_IN_COUNTRY for a performer blocked in the caller's country.
     */
    async rate(guestId: number, videoId: number, next: GuestRating, country: Country) {
      const video = await videoForSale(db, videoId);
      if (!video) throw videoNotFound();
      assertOfferedIn(video.bannedCountryCodes, country);
      const counts = await store(guestId, videoId, next);
      if (!counts) throw videoNotFound();
      return { videoId, ...ratingFields(counts.likes, counts.dislikes, next) } satisfies VideoRatingFields;
    },

    /** A video's counts and the caller's own flags (none for a visitor). */
    async ratingOf(videoId: number, guestId: number | null, country: Country): Promise<VideoRatingFields> {
      const video = await videoForSale(db, videoId);
      if (!video) throw videoNotFound();
      assertOfferedIn(video.bannedCountryCodes, country);
      const [row] = await db
        .select({
          likes: videos.likes,
          dislikes: videos.dislikes,
          own:
            guestId === null
              ? sql<number>`0`
              : sql<number>`coalesce((select ${videoRatings.rating} from ${videoRatings} where ${ownRow(guestId, videoId)}), 0)`,
        })
        .from(videos)
        .where(eq(videos.id, videoId));
      if (!row) throw videoNotFound();
      return { videoId, ...ratingFields(row.likes, row.dislikes, storedRating(row.own)) };
    },

    /** Which of `videoIds` the guest liked (spec 3 guestInfo.liked; the ratings' primary key). */
    async likedAmong(guestId: number, videoIds: readonly number[]): Promise<Set<number>> {
      if (videoIds.length === 0) return new Set();
      const rows = await db
        .select({ videoId: videoRatings.videoId })
        .from(videoRatings)
        .where(
          and(
            eq(videoRatings.guestId, guestId),
            inArray(videoRatings.videoId, [...videoIds]),
            eq(videoRatings.rating, 1),
          ),
        );
      return new Set(rows.map((row) => row.videoId));
    },
  };
}

export type VideoRatings = ReturnType<typeof createVideoRatings>;
