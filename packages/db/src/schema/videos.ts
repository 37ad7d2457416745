/**
 * Tables of the videos module (apps/server/src/modules/videos): videos, their tags, sales per day,
 * the trending list, video ratings and the tile grid settings.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { actorIdColumn, tags } from './catalog.ts';
import { ratingValue, tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    actorId: actorIdColumn(),
    title: text('title').notNull(),
    durationS: integer('duration_s').notNull(),
    ageRating: smallint('age_rating').notNull(),
    vip: boolean('vip').notNull().default(false),
    free: boolean('free').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    classic: boolean('classic').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    basePriceCents: integer('base_price_cents').notNull(),
    releasedAt: tstz('released_at').notNull(),
    likes: integer('likes').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    views: integer('views').notNull().default(0),
    previewKey: text('preview_key').notNull(),
    /** Spec 3 video flags: isVip30Offer, camRecording; types vxselect, shared (not shared = original), ASMR. */
    vip30: boolean('vip30').notNull().default(false),
    camRecording: boolean('cam_recording').notNull().default(false),
    vxselect: boolean('vxselect').notNull().default(false),
    shared: boolean('shared').notNull().default(false),
    asmr: boolean('asmr').notNull().default(false),
    dislikes: integer('dislikes').notNull().default(0),
  },
  (t) => [
    check('videos_age_rating_check', sql`${t.ageRating} in (16, 18)`),
    check('videos_duration_check', sql`${t.durationS} > 0`),
    check('videos_price_check', sql`${t.priceCents} >= 0 and ${t.basePriceCents} >= 0`),
    index('videos_released_idx').on(t.releasedAt.desc().nullsFirst(), t.id),
    index('videos_sales_idx').on(t.salesCount.desc().nullsFirst(), t.id),
    index('videos_actor_released_idx').on(t.actorId, t.releasedAt.desc().nullsFirst()),
    // Listing sorts (spec 9): top rated, most expensive / cheapest, longest / shortest.
    index('videos_likes_idx').on(t.likes.desc().nullsFirst(), t.id),
    index('videos_price_idx').on(t.priceCents, t.id),
    index('videos_duration_idx').on(t.durationS, t.id),
    // Listing categories that are a subset: newest first within it.
    index('videos_free_released_idx').on(t.releasedAt.desc().nullsFirst(), t.id).where(sql`${t.free}`),
    index('videos_discounted_released_idx')
      .on(t.releasedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.priceCents} < ${t.basePriceCents}`),
    index('videos_vip_released_idx').on(t.releasedAt.desc().nullsFirst(), t.id).where(sql`${t.vip}`),
    // By price within a subset (most expensive: backwards). Free and discounted videos sit at the
    // cheap end of videos_price_idx, so a backwards walk of it would pass most of the catalog first.
    index('videos_free_price_idx').on(t.priceCents, t.id).where(sql`${t.free}`),
    index('videos_discounted_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.priceCents} < ${t.basePriceCents}`),
    index('videos_vip30_likes_idx').on(t.likes.desc().nullsFirst(), t.id).where(sql`${t.vip30}`),
    index('videos_actor_likes_idx').on(t.actorId, t.likes.desc().nullsFirst()),
    // Global search by title fragment (pg_trgm).
    index('videos_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // The media gate finds every use of a media key (docs/decisions/0018, banned countries).
    index('videos_preview_key_idx').on(t.previewKey),
  ],
);

/** A row of a video, `video_id` (not null) referencing videos: the row goes with the video. */
const videoIdColumn = () =>
  integer('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' });

/**
 * Sales per video and UTC day. The trending list (spec 9: trending window last 8 days) sums these
 * over the window; `videos.sales_count` is the all-time total.
 */
export const videoSalesDaily = pgTable(
  'video_sales_daily',
  {
    videoId: videoIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    sales: integer('sales').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day] }),
    index('video_sales_daily_day_idx').on(t.day, t.videoId),
    check('video_sales_daily_sales_check', sql`${t.sales} > 0`),
  ],
);

/**
 * The trending list precomputed (spec 9: sales in the trending window of the last 8 days): one row
 * per video sold in the window [from_day, to_day], refreshed by the trending job
 * (TRENDING_JOB_INTERVAL_MS) and by the operator's "regenerate counters". A listing reads the rows
 * of the current window through video_trending_rank_idx and stops after its page; while the current
 * window has no rows yet (a new day before the job's run), listings sum video_sales_daily instead.
 */
export const videoTrending = pgTable(
  'video_trending',
  {
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    videoId: videoIdColumn(),
    sales: integer('sales').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fromDay, t.toDay, t.videoId] }),
    index('video_trending_rank_idx').on(t.fromDay, t.toDay, t.sales.desc().nullsFirst(), t.videoId),
    check('video_trending_sales_check', sql`${t.sales} > 0`),
  ],
);

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: videoIdColumn(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.tagId] }), index('video_tags_tag_idx').on(t.tagId)],
);

export const videoRatings = pgTable(
  'video_ratings',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    videoId: videoIdColumn(),
    rating: ratingValue('rating'),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.videoId] }),
    check('video_ratings_rating_check', sql`${t.rating} in (-1, 1)`),
  ],
);

/** Tile grid settings stored per guest and grid type (tileGrid/storeTileGridSettings). */
export const tileGridSettings = pgTable(
  'tile_grid_settings',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    type: text('type').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.type] })],
);
