/**
 * Drizzle schema of the Vela catalog (spec section 3). snake_case columns, integer cents for
 * money, timestamptz (UTC) for instants. Migrations are generated from this file
 * (`npm run db:generate`) and checked in under packages/db/migrations.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A text per supported language (de, en, nl, es). */
export type LocalizedText = { de: string; en: string; nl: string; es: string };

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slugDe: text('slug_de').notNull().unique(),
    slugEn: text('slug_en').notNull().unique(),
    slugEs: text('slug_es').notNull().unique(),
    nameDe: text('name_de').notNull(),
    nameEn: text('name_en').notNull(),
    nameNl: text('name_nl').notNull(),
    nameEs: text('name_es').notNull(),
    descriptionDe: text('description_de').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionNl: text('description_nl').notNull(),
    descriptionEs: text('description_es').notNull(),
    imageKey: text('image_key').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_sort_idx').on(t.sort)],
);

export const actors = pgTable(
  'actors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    nameLower: text('name_lower').notNull().unique(),
    gender: text('gender', { enum: ['N', 'M', 'F'] }).notNull(),
    actorType: text('actor_type', { enum: ['F', 'M', 'FM', 'FF', 'S'] }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    spokenLanguages: text('spoken_languages').array().notNull().default(sql`'{}'::text[]`),
    city: text('city'),
    heightCm: smallint('height_cm'),
    zodiac: text('zodiac'),
    aboutMe: jsonb('about_me').$type<LocalizedText>().notNull(),
    isOnline: boolean('is_online').notNull().default(false),
    onlineSince: tstz('online_since'),
    freeChat: boolean('free_chat').notNull().default(false),
    isVoyeurChatAvailable: boolean('is_voyeur_chat_available').notNull().default(false),
    isLivePreviewEnabled: boolean('is_live_preview_enabled').notNull().default(false),
    bannedCountryCodes: text('banned_country_codes').array().notNull().default(sql`'{}'::text[]`),
    priceVideoCents: integer('price_video_cents').notNull(),
    priceSingleCents: integer('price_single_cents').notNull(),
    priceSinglec2cCents: integer('price_singlec2c_cents').notNull(),
    priceVoyeurCents: integer('price_voyeur_cents').notNull(),
    priceMessageCents: integer('price_message_cents').notNull(),
    multiChatPriceCents: integer('multi_chat_price_cents').notNull(),
    voucherChatMinutes: integer('voucher_chat_minutes').notNull().default(0),
    freeMessages: integer('free_messages').notNull().default(0),
    avatarKey: text('avatar_key').notNull(),
    rankingPoints: integer('ranking_points').notNull().default(0),
    registeredAt: tstz('registered_at').notNull(),
    /** Top cam videocall fields of spec 3 (onlineVideocall, rankingPointsVideoCall, videocallPrice). */
    isOnlineMobileVideocall: boolean('is_online_mobile_videocall').notNull().default(false),
    rankingPointsVideoCall: integer('ranking_points_video_call').notNull().default(0),
    priceVideocallCents: integer('price_videocall_cents').notNull().default(0),
    isCurrentlyTicketShow: boolean('is_currently_ticket_show').notNull().default(false),
    /** How many guests pinned the actor as a favorite (spec 3 top cam pinnedCount). */
    pinnedCount: integer('pinned_count').notNull().default(0),
    /** Where the actor is (pro search by ZIP code and distance): ISO country, postal code, WGS84. */
    countryCode: text('country_code'),
    zipCode: text('zip_code'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** The video the profile promotes (gallery/getpromotedvideo); null: none. */
    promotedVideoId: integer('promoted_video_id'),
    /** Sedcard rating counters (spec 3: same rating fields as albums). */
    sedcardLikes: integer('sedcard_likes').notNull().default(0),
    sedcardDislikes: integer('sedcard_dislikes').notNull().default(0),
  },
  (t) => [
    check('actors_gender_check', sql`${t.gender} in ('N', 'M', 'F')`),
    check('actors_actor_type_check', sql`${t.actorType} in ('F', 'M', 'FM', 'FF', 'S')`),
    check(
      'actors_prices_check',
      sql`${t.priceVideoCents} >= 0 and ${t.priceSingleCents} >= 0 and ${t.priceSinglec2cCents} >= 0 and ${t.priceVoyeurCents} >= 0 and ${t.priceMessageCents} >= 0 and ${t.multiChatPriceCents} >= 0`,
    ),
    // Top cams / search: online first, then ranking.
    index('actors_online_ranking_idx').on(
      t.isOnline.desc().nullsFirst(),
      t.rankingPoints.desc().nullsFirst(),
      t.id,
    ),
    // Global search (actors, models): the ranking orders with the name as the last key column, so
    // a common pattern is an index-only walk that stops after its page (the trigram index serves
    // rare patterns).
    index('actors_search_online_rank_idx').on(
      t.isOnline.desc().nullsFirst(),
      t.rankingPoints.desc().nullsFirst(),
      t.id,
      t.nameLower,
    ),
    index('actors_search_rank_idx').on(t.rankingPoints.desc().nullsFirst(), t.id, t.nameLower),
    // New girls: newest registered per gender.
    index('actors_gender_registered_idx').on(t.gender, t.registeredAt.desc().nullsFirst()),
    // The totals of a gender's list and its online count (index-only counts).
    index('actors_gender_online_idx').on(t.gender, t.isOnline),
    index('actors_registered_idx').on(t.registeredAt.desc().nullsFirst()),
    // Free chat list: online first, then ranking, among actors offering free chat.
    index('actors_free_chat_idx')
      .on(t.isOnline.desc().nullsFirst(), t.rankingPoints.desc().nullsFirst(), t.id)
      .where(sql`${t.freeChat}`),
    // Top cams "videocall": reachable by videocall first, then videocall ranking.
    index('actors_videocall_idx').on(
      t.isOnlineMobileVideocall.desc().nullsFirst(),
      t.rankingPointsVideoCall.desc().nullsFirst(),
      t.id,
    ),
    // Per-performer-group lists (group = actor type).
    index('actors_type_online_ranking_idx').on(
      t.actorType,
      t.isOnline.desc().nullsFirst(),
      t.rankingPoints.desc().nullsFirst(),
      t.id,
    ),
    // Global search by name fragment (pg_trgm).
    index('actors_name_trgm_idx').using('gin', sql`${t.nameLower} gin_trgm_ops`),
    index('actors_geo_idx').on(t.lat, t.lon),
    // /cams/ ordered by chat price (ascending, or descending by a backward scan).
    index('actors_price_single_idx').on(t.priceSingleCents, t.id),
    // Online counts (navbar, list totals): an index-only count over the online actors.
    index('actors_online_idx').on(t.id).where(sql`${t.isOnline}`),
    // The media gate finds every use of a media key (docs/decisions/0018, banned countries).
    index('actors_avatar_key_idx').on(t.avatarKey),
    check('actors_videocall_price_check', sql`${t.priceVideocallCents} >= 0`),
    check('actors_geo_check', sql`(${t.lat} is null) = (${t.lon} is null)`),
  ],
);

export const actorCategories = pgTable(
  'actor_categories',
  {
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.actorId, t.categoryId] }),
    index('actor_categories_category_idx').on(t.categoryId, t.actorId),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull().unique(),
  },
  (t) => [index('tags_label_trgm_idx').using('gin', sql`lower(${t.label}) gin_trgm_ops`)],
);

export const actorTags = pgTable(
  'actor_tags',
  {
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.tagId] }), index('actor_tags_tag_idx').on(t.tagId)],
);

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
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

/**
 * Sales per video and UTC day. The trending list (spec 9: trending window last 8 days) sums these
 * over the window; `videos.sales_count` is the all-time total.
 */
export const videoSalesDaily = pgTable(
  'video_sales_daily',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
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
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    sales: integer('sales').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fromDay, t.toDay, t.videoId] }),
    index('video_trending_rank_idx').on(t.fromDay, t.toDay, t.sales.desc().nullsFirst(), t.videoId),
    check('video_trending_sales_check', sql`${t.sales} > 0`),
  ],
);

/**
 * The precomputed lists (spec 7 "counters"): which window each holds and when it was computed,
 * written in the same transaction as the list. `trending`: window `<from_day>/<to_day>`;
 * `chatRates`: window `<since ISO instant>`.
 */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  window: text('window').notNull(),
  items: integer('items').notNull(),
  refreshedAt: tstz('refreshed_at').notNull(),
});

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.tagId] }), index('video_tags_tag_idx').on(t.tagId)],
);

export const albums = pgTable(
  'albums',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['image', 'video'] }).notNull(),
    title: text('title').notNull(),
    priceCents: integer('price_cents').notNull(),
    totalViews: integer('total_views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    coverKey: text('cover_key').notNull(),
    /** Album comments (spec 3): the total, kept with the comment rows in one transaction. */
    commentCount: integer('comment_count').notNull().default(0),
  },
  (t) => [
    check('albums_type_check', sql`${t.type} in ('image', 'video')`),
    check('albums_price_check', sql`${t.priceCents} >= 0`),
    check(
      'albums_counts_check',
      sql`${t.likes} >= 0 and ${t.dislikes} >= 0 and ${t.totalViews} >= 0 and ${t.commentCount} >= 0`,
    ),
    index('albums_actor_created_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    index('albums_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('albums_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // The media gate finds every use of a media key (docs/decisions/0018, banned countries).
    index('albums_cover_key_idx').on(t.coverKey),
  ],
);

export const pictures = pgTable(
  'pictures',
  {
    id: serial('id').primaryKey(),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    ageRating: smallint('age_rating').notNull(),
    position: integer('position').notNull(),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
  },
  (t) => [
    check('pictures_age_rating_check', sql`${t.ageRating} in (16, 18)`),
    check('pictures_counts_check', sql`${t.likes} >= 0 and ${t.dislikes} >= 0`),
    index('pictures_album_position_idx').on(t.albumId, t.position),
    // The media gate finds every use of a media key (docs/decisions/0018, banned countries).
    index('pictures_image_key_idx').on(t.imageKey),
  ],
);

/** Blog category ids of spec 3. */
export const BLOG_CATEGORY_IDS = [1, 38, 39, 40, 41, 43, 44, 45, 46, 506] as const;

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    slug: text('slug').notNull().unique(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    excerpt: jsonb('excerpt').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    publishedAt: tstz('published_at').notNull(),
    imageKey: text('image_key').notNull(),
    featured: boolean('featured').notNull().default(false),
  },
  (t) => [
    check('blog_posts_category_check', sql`${t.categoryId} in (1, 38, 39, 40, 41, 43, 44, 45, 46, 506)`),
    index('blog_posts_published_idx').on(t.publishedAt.desc().nullsFirst(), t.id),
    index('blog_posts_category_published_idx').on(t.categoryId, t.publishedAt.desc().nullsFirst()),
    // Global search in the blog, per language.
    ...(['de', 'en', 'nl', 'es'] as const).map((lang) =>
      index(`blog_posts_title_${lang}_trgm_idx`).using(
        'gin',
        sql`lower(${t.title} ->> ${sql.raw(`'${lang}'`)}) gin_trgm_ops`,
      ),
    ),
  ],
);

export const contests = pgTable(
  'contests',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    imageKey: text('image_key').notNull(),
  },
  (t) => [
    check('contests_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('contests_starts_idx').on(t.startsAt),
    index('contests_ends_idx').on(t.endsAt),
  ],
);

export const tvSeries = pgTable('tv_series', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  imageKey: text('image_key').notNull(),
});

export const tvEpisodes = pgTable(
  'tv_episodes',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => tvSeries.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    durationS: integer('duration_s').notNull(),
    airedAt: tstz('aired_at').notNull(),
    imageKey: text('image_key').notNull(),
  },
  (t) => [
    index('tv_episodes_series_aired_idx').on(t.seriesId, t.airedAt.desc().nullsFirst()),
    index('tv_episodes_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const legalTexts = pgTable(
  'legal_texts',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['PP', 'GTC', 'IMP'] }).notNull(),
    product: text('product').notNull(),
    version: text('version').notNull(),
    language: text('language', { enum: ['de', 'en', 'nl', 'es'] }).notNull(),
    html: text('html').notNull(),
    publishedAt: tstz('published_at').notNull(),
  },
  (t) => [
    check('legal_texts_type_check', sql`${t.type} in ('PP', 'GTC', 'IMP')`),
    check('legal_texts_language_check', sql`${t.language} in ('de', 'en', 'nl', 'es')`),
    unique('legal_texts_type_product_language_version_uq').on(t.type, t.product, t.language, t.version),
    index('legal_texts_lookup_idx').on(t.type, t.product, t.language, t.publishedAt.desc().nullsFirst()),
  ],
);

export const seoTexts = pgTable(
  'seo_texts',
  {
    id: serial('id').primaryKey(),
    /** 'Home', 'Categories/Category:<id>', 'Actor:<id>' */
    pageKey: text('page_key').notNull(),
    language: text('language', { enum: ['de', 'en', 'nl', 'es'] }).notNull(),
    h1: text('h1').notNull(),
    h2: text('h2').notNull(),
    seoTitle: text('seo_title').notNull(),
    seoDescription: text('seo_description').notNull(),
    freeText: text('free_text').notNull(),
    breadcrumb: text('breadcrumb').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [
    check('seo_texts_language_check', sql`${t.language} in ('de', 'en', 'nl', 'es')`),
    unique('seo_texts_page_language_uq').on(t.pageKey, t.language),
  ],
);

/** The generated image pool; files under `<mediaDir>/<size>/<key>.webp`. */
export const mediaImages = pgTable('media_images', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  ageRating: smallint('age_rating').notNull(),
});

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    sessionKey: text('session_key'),
    eventContext: text('event_context').notNull(),
    eventAction: text('event_action').notNull(),
    eventData: jsonb('event_data').$type<unknown>(),
  },
  (t) => [index('tracking_events_created_idx').on(t.createdAt)],
);

/** A registered guest (spec 3). Anonymous visitors have a session but no row here. */
export const guests = pgTable(
  'guests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    screenName: text('screen_name').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    locked: boolean('locked').notNull().default(false),
    restricted: boolean('restricted').notNull().default(false),
    restrictionLevel: smallint('restriction_level').notNull().default(0),
    avsStatus: text('avs_status', { enum: ['unknown', 'pending', 'accepted', 'rejected'] })
      .notNull()
      .default('unknown'),
    avsRejectMessage: text('avs_reject_message'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    newsletterBits: integer('newsletter_bits').notNull().default(0),
    notificationSettings: jsonb('notification_settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    signupOrigin: text('signup_origin'),
    showDataProtection: boolean('show_data_protection').notNull().default(false),
  },
  (t) => [
    uniqueIndex('guests_screen_name_lower_idx').on(sql`lower(${t.screenName})`),
    uniqueIndex('guests_email_idx').on(t.email),
    check('guests_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** A visitor's session, anonymous (guest_id null) or logged in. Only the token's SHA-256 is stored. */
export const guestSessions = pgTable(
  'guest_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' }).references(() => guests.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('guest_sessions_guest_idx').on(t.guestId)],
);

/**
 * Fixed-window counters of the rate limits (apps/server/src/infra/rate-limit.ts), keyed by limit and
 * subject. A row is dead once its window has ended (`expires_at`); the prune job deletes it.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: tstz('window_start').notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Outgoing mail. Every mail is written here first; with SMTP_URL it is then sent and `sent_at` set,
 * without it the outbox is the delivery (readable on /dev/mail outside production).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** What the mail is for, e.g. password-reset. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    sentAt: tstz('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** One-time password reset keys (spec 2: u + key). Only the key's SHA-256 is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('password_resets_guest_idx').on(t.guestId)],
);

/**
 * One-time login transfer tokens: the payment dialog (its own origin) logs a guest in and hands the
 * page a transfer token; `vxpay/onsuccess` on the page origin exchanges it for the session cookie.
 */
export const loginTransfers = pgTable('login_transfers', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' })
    .notNull()
    .references(() => guestSessions.id, { onDelete: 'cascade' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
});

/**
 * Age verification requests (spec 4) at a provider (the sandbox provider: an operator decides through
 * the internal API). The guest's current status is `guests.avs_status`; this is the history.
 */
export const avsRequests = pgTable(
  'avs_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('sandbox'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    documentType: text('document_type', { enum: ['id-card', 'passport', 'driving-licence'] }).notNull(),
    /** Only the last 4 characters of the document number are kept. */
    documentLast4: text('document_last4').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'revoked'] })
      .notNull()
      .default('pending'),
    decidedAt: tstz('decided_at'),
    decisionMessage: text('decision_message'),
  },
  (t) => [
    index('avs_requests_guest_idx').on(t.guestId),
    index('avs_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Ledger accounts (issue 4): one per (kind, owner). Guest wallets and vouchers belong to a guest;
 * performer earnings carry the performer in `owner_ref`; platform revenue and provider clearing
 * have no owner. `balance_cents` is a cache of the sum of the account's entries, kept in the same
 * transaction as the entries; only provider clearing may go below zero (docs/decisions/0011).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', {
      enum: [
        'guest-wallet',
        'voucher',
        'platform-revenue',
        'performer-earnings',
        'provider-clearing',
        'promotions',
      ],
    }).notNull(),
    ownerGuestId: bigint('owner_guest_id', { mode: 'number' }).references(() => guests.id),
    ownerRef: text('owner_ref'),
    currency: text('currency').notNull().default('EUR'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'ledger_accounts_balance_non_negative',
      sql`${t.balanceCents} >= 0 or ${t.kind} in ('provider-clearing', 'promotions')`,
    ),
    check(
      'ledger_accounts_kind',
      sql`${t.kind} in ('guest-wallet', 'voucher', 'platform-revenue', 'performer-earnings', 'provider-clearing', 'promotions')`,
    ),
    check('ledger_accounts_currency', sql`${t.currency} = 'EUR'`),
    unique('ledger_accounts_owner_unique').on(t.kind, t.ownerGuestId, t.ownerRef).nullsNotDistinct(),
  ],
);

/**
 * A money movement: its postings are the `ledger_entries` rows, which sum to zero (a deferred
 * constraint trigger checks it at commit). `idempotency_key` makes a retried request a no-op;
 * `request_hash` tells a retry (same request) from a reused key (another request).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    reference: jsonb('reference').$type<Record<string, unknown>>().notNull().default({}),
    requestHash: text('request_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ledger_transfers_created_idx').on(t.createdAt)],
);

/** One posting of a transfer on one account, with the account's balance right after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_non_zero', sql`${t.amountCents} <> 0`),
    unique('ledger_entries_transfer_account_unique').on(t.transferId, t.accountId),
    // An account's history, newest first (historyOf pages by id).
    index('ledger_entries_account_idx').on(t.accountId, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Money around the ledger (issue 4): payment methods and charges at the (sandbox) provider, the
// guest's one-click / auto-recharge / spending-limit settings, subscriptions, vouchers, bonus codes
// and bought items. Money itself only ever moves as ledger transfers; these tables say why.
// ---------------------------------------------------------------------------------------------

/** A stored means of payment at the provider (a card token or a SEPA mandate); one active per paytype. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id),
    paytype: text('paytype', { enum: ['CC', 'LS'] }).notNull(),
    /** What the guest sees, e.g. "Visa •••• 4242" or "DE89 •••• 3000" (never a full number). */
    label: text('label').notNull(),
    /** The provider's token or mandate reference. */
    providerRef: text('provider_ref').notNull(),
    status: text('status', { enum: ['active', 'replaced'] })
      .notNull()
      .default('active'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_methods_paytype', sql`${t.paytype} in ('CC', 'LS')`),
    check('payment_methods_status', sql`${t.status} in ('active', 'replaced')`),
    uniqueIndex('payment_methods_active_idx').on(t.guestId, t.paytype).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * A charge at the payment provider: money the guest pays from outside. When it succeeds, one
 * ledger top-up (provider clearing -> guest wallet) is written with idempotency key
 * `charge:<id>`, so a repeated callback never credits twice. (guest_id, idempotency_key) makes a
 * retried client request return the same charge.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id the dialog and the provider callbacks use (random, not guessable). */
    publicId: text('public_id').notNull().unique(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The dialog flow that started it (moneycharge, trialmoneycharge, oneclick, autorecharge, ...). */
    flow: text('flow').notNull(),
    paytype: text('paytype', { enum: ['CC', 'LS', 'Voice', 'carrier'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', {
      enum: ['created', 'requires_action', 'pending', 'succeeded', 'declined', 'failed'],
    })
      .notNull()
      .default('created'),
    declineCode: text('decline_code'),
    methodId: bigint('method_id', { mode: 'number' }).references(() => paymentMethods.id),
    providerRef: text('provider_ref'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_charges_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_charges_paytype', sql`${t.paytype} in ('CC', 'LS', 'Voice', 'carrier')`),
    check(
      'payment_charges_status',
      sql`${t.status} in ('created', 'requires_action', 'pending', 'succeeded', 'declined', 'failed')`,
    ),
    check(
      'payment_charges_succeeded_has_transfer',
      sql`(${t.status} = 'succeeded') = (${t.transferId} is not null)`,
    ),
    unique('payment_charges_guest_key_unique').on(t.guestId, t.idempotencyKey),
    index('payment_charges_guest_idx').on(t.guestId, t.createdAt),
  ],
);

/** Provider callbacks as received (signed with HMAC); `event_id` makes a repeated delivery a no-op. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    chargeId: bigint('charge_id', { mode: 'number' })
      .notNull()
      .references(() => paymentCharges.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [index('payment_callbacks_charge_idx').on(t.chargeId)],
);

/** The guest's money settings: one-click, auto-recharge (threshold and amount) and a spending limit. */
export const walletSettings = pgTable(
  'wallet_settings',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .primaryKey()
      .references(() => guests.id),
    oneClickEnabled: boolean('one_click_enabled').notNull().default(false),
    autoRechargeEnabled: boolean('auto_recharge_enabled').notNull().default(false),
    autoRechargeThresholdCents: bigint('auto_recharge_threshold_cents', { mode: 'number' })
      .notNull()
      .default(500),
    autoRechargeAmountCents: bigint('auto_recharge_amount_cents', { mode: 'number' }).notNull().default(2000),
    /** Top-ups per calendar month (Europe/Berlin) may not exceed this; null: no limit. */
    monthlyLimitCents: bigint('monthly_limit_cents', { mode: 'number' }),
    autoRechargeTeaserMode: text('auto_recharge_teaser_mode'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('wallet_settings_threshold', sql`${t.autoRechargeThresholdCents} >= 0`),
    check('wallet_settings_amount', sql`${t.autoRechargeAmountCents} > 0`),
    check('wallet_settings_limit', sql`${t.monthlyLimitCents} is null or ${t.monthlyLimitCents} > 0`),
  ],
);

/**
 * VIP club and TV subscriptions (spec 3 VIP update, spec 6 roles). At most one running
 * subscription per guest and product; `current_period_end` is when the next renewal is due.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id),
    product: text('product', { enum: ['vip', 'tv'] }).notNull(),
    /** active: renews; cancelled: runs to the end of the period, then ends; ended: over. */
    status: text('status', { enum: ['active', 'cancelled', 'ended'] })
      .notNull()
      .default('active'),
    trial: boolean('trial').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    currentPeriodStart: tstz('current_period_start').notNull(),
    currentPeriodEnd: tstz('current_period_end').notNull(),
    cancelledAt: tstz('cancelled_at'),
    endedAt: tstz('ended_at'),
    /** When the guest took the cancellation offer (guest/acceptCancellationOffer). */
    offerAcceptedAt: tstz('offer_accepted_at'),
    endReason: text('end_reason'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_product', sql`${t.product} in ('vip', 'tv')`),
    check('subscriptions_status', sql`${t.status} in ('active', 'cancelled', 'ended')`),
    check('subscriptions_price', sql`${t.priceCents} >= 0`),
    uniqueIndex('subscriptions_running_idx')
      .on(t.guestId, t.product)
      .where(sql`${t.status} in ('active', 'cancelled')`),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/**
 * One paid period of a subscription. (subscription_id, period_index) is unique and the ledger
 * transfer's key is `subscription:<id>:<index>`: a renewal job that runs twice charges once.
 * `value_cents` is the VIP30 value of the period (the vip30 value history).
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => subscriptions.id),
    periodIndex: integer('period_index').notNull(),
    periodStart: tstz('period_start').notNull(),
    periodEnd: tstz('period_end').notNull(),
    chargedCents: bigint('charged_cents', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('subscription_periods_index_unique').on(t.subscriptionId, t.periodIndex),
    check('subscription_periods_charged', sql`${t.chargedCents} >= 0`),
  ],
);

/**
 * Vouchers (spec 3 types 1-10: video, videochat, credits, photo album, messages, messenger gift,
 * live show, private show, bonus code, spins). `amount` units were granted, `remaining` are left;
 * `actor_id` null: valid for any performer.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id),
    type: smallint('type').notNull(),
    actorId: integer('actor_id').references(() => actors.id),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    /** Where it came from: bonus-code, operator, reward, benefit. */
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    expiresAt: tstz('expires_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('vouchers_type', sql`${t.type} between 1 and 10`),
    check('vouchers_amount', sql`${t.amount} > 0`),
    check('vouchers_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
    index('vouchers_guest_idx').on(t.guestId, t.type),
  ],
);

/**
 * Bonus codes (spec 3 reward type "bonus code"; spec 5 check before redeem). A code is one-time
 * (max_redemptions 1) or multi-use (a limit, or none); a guest redeems a code at most once.
 * `reward` is the domain's BonusReward (coins, a voucher, ...).
 */
export const bonusCodes = pgTable(
  'bonus_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stored upper-cased. */
    code: text('code').notNull().unique(),
    reward: jsonb('reward').$type<Record<string, unknown>>().notNull(),
    maxRedemptions: integer('max_redemptions'),
    redemptionCount: integer('redemption_count').notNull().default(0),
    /** An "ontop" code adds a bonus to the guest's next top-up instead of crediting at once. */
    onTop: boolean('on_top').notNull().default(false),
    validFrom: tstz('valid_from'),
    validUntil: tstz('valid_until'),
    active: boolean('active').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('bonus_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('bonus_codes_max', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} > 0`),
    check(
      'bonus_codes_count',
      sql`${t.redemptionCount} >= 0 and (${t.maxRedemptions} is null or ${t.redemptionCount} <= ${t.maxRedemptions})`,
    ),
  ],
);

/** A guest's redemption of a bonus code (once per guest and code). */
export const bonusRedemptions = pgTable(
  'bonus_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => bonusCodes.id),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id),
    /** The credit's ledger transfer (coin rewards) or null (voucher rewards, pending on-top bonus). */
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** On-top codes: the charge whose top-up received the bonus (null while waiting for one). */
    chargeId: bigint('charge_id', { mode: 'number' }).references(() => paymentCharges.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('bonus_redemptions_code_guest_unique').on(t.codeId, t.guestId),
    index('bonus_redemptions_guest_idx').on(t.guestId),
  ],
);

/**
 * Items a guest bought (videos, photo albums): paid from the wallet (`transfer_id`) or with a
 * voucher (`voucher_id`). Bought once per guest and item.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id),
    itemType: text('item_type', { enum: ['video', 'album'] }).notNull(),
    itemId: integer('item_id').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    voucherId: bigint('voucher_id', { mode: 'number' }).references(() => vouchers.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('purchases_item_type', sql`${t.itemType} in ('video', 'album')`),
    check('purchases_paid_once', sql`(${t.transferId} is null) <> (${t.voucherId} is null)`),
    unique('purchases_guest_item_unique').on(t.guestId, t.itemType, t.itemId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Catalog, profiles, photos and search (issue 5)
// ---------------------------------------------------------------------------------------------

/** Chat ratings (spec 3 lastNinetyDays: countRatings, satisfactionRate; shown with at least 10). */
export const chatRatings = pgTable(
  'chat_ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    guestId: bigint('guest_id', { mode: 'number' }).references(() => guests.id, { onDelete: 'set null' }),
    satisfied: boolean('satisfied').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('chat_ratings_actor_created_idx').on(t.actorId, t.createdAt.desc().nullsFirst())],
);

/**
 * Best chats precomputed (top cams "bestChats": actors with at least 10 ratings in the last 90 days,
 * most satisfied first): one row per actor with enough ratings since `since`, refreshed by the
 * counters job with the trending list. Read through actor_chat_rates_rank_idx, a page at a time.
 */
export const actorChatRates = pgTable(
  'actor_chat_rates',
  {
    actorId: integer('actor_id')
      .primaryKey()
      .references(() => actors.id, { onDelete: 'cascade' }),
    ratings: integer('ratings').notNull(),
    satisfied: integer('satisfied').notNull(),
    /** satisfied / ratings. */
    rate: doublePrecision('rate').notNull(),
    /** Start of the 90 days counted. */
    since: tstz('since').notNull(),
  },
  (t) => [
    index('actor_chat_rates_rank_idx').on(
      t.rate.desc().nullsFirst(),
      t.ratings.desc().nullsFirst(),
      t.actorId,
    ),
    check('actor_chat_rates_counts_check', sql`${t.satisfied} >= 0 and ${t.satisfied} <= ${t.ratings}`),
  ],
);

/** When an actor is usually online (spec 3 heat maps: heatMaps, hoursToBeOnline, memo). */
export const actorHeatMaps = pgTable('actor_heat_maps', {
  actorId: integer('actor_id')
    .primaryKey()
    .references(() => actors.id, { onDelete: 'cascade' }),
  /** 7 rows (Monday first) of 24 values 0-100, Berlin time. */
  heatMap: jsonb('heat_map').$type<number[][]>().notNull(),
  /** Hours (0-23) the actor plans to be online. */
  hoursToBeOnline: jsonb('hours_to_be_online').$type<number[]>().notNull(),
  memo: jsonb('memo').$type<LocalizedText>(),
});

/** Video interviews of an actor (spec 3; image size 720, duration in seconds). */
export const actorInterviews = pgTable(
  'actor_interviews',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    imageKey: text('image_key').notNull(),
    durationS: integer('duration_s').notNull(),
    publishedAt: tstz('published_at').notNull(),
  },
  (t) => [
    check('actor_interviews_duration_check', sql`${t.durationS} > 0`),
    index('actor_interviews_actor_idx').on(t.actorId, t.publishedAt.desc().nullsFirst()),
    // The media gate finds every use of a media key (docs/decisions/0018, banned countries).
    index('actor_interviews_image_key_idx').on(t.imageKey),
  ],
);

/** Chat tickets / cam shows (spec 3): scheduled live shows of an actor. */
export const camShows = pgTable(
  'cam_shows',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    priceCents: integer('price_cents').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    bonusCode: text('bonus_code'),
  },
  (t) => [
    check('cam_shows_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('cam_shows_price_check', sql`${t.priceCents} >= 0`),
    index('cam_shows_starts_idx').on(t.startsAt, t.id),
    index('cam_shows_ends_idx').on(t.endsAt),
    index('cam_shows_actor_starts_idx').on(t.actorId, t.startsAt),
  ],
);

/** A logged-in guest's private note on an actor (getActorNoteById, storeActorNote). */
export const actorNotes = pgTable(
  'actor_notes',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.actorId] }),
    check('actor_notes_comment_length', sql`char_length(${t.comment}) <= 2000`),
  ],
);

/** Actors a guest pinned as favorites (spec 4 Favorites). */
export const favoriteActors = pgTable(
  'favorite_actors',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    notifyEmail: boolean('notify_email').notNull().default(false),
    notifySms: boolean('notify_sms').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.actorId] }), index('favorite_actors_actor_idx').on(t.actorId)],
);

/** A guest's like (1) or dislike (-1); one per guest and item. */
const ratingValue = (name: string) => smallint(name).notNull();

export const albumRatings = pgTable(
  'album_ratings',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    rating: ratingValue('rating'),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.albumId] }),
    check('album_ratings_rating_check', sql`${t.rating} in (-1, 1)`),
  ],
);

export const pictureRatings = pgTable(
  'picture_ratings',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    pictureId: integer('picture_id')
      .notNull()
      .references(() => pictures.id, { onDelete: 'cascade' }),
    rating: ratingValue('rating'),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.pictureId] }),
    check('picture_ratings_rating_check', sql`${t.rating} in (-1, 1)`),
  ],
);

export const sedcardRatings = pgTable(
  'sedcard_ratings',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    rating: ratingValue('rating'),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.actorId] }),
    check('sedcard_ratings_rating_check', sql`${t.rating} in (-1, 1)`),
  ],
);

export const videoRatings = pgTable(
  'video_ratings',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    rating: ratingValue('rating'),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.videoId] }),
    check('video_ratings_rating_check', sql`${t.rating} in (-1, 1)`),
  ],
);

/** Album comments (spec 3/5): a guest may comment on an album only once. */
export const albumComments = pgTable(
  'album_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('album_comments_album_guest_unique').on(t.albumId, t.guestId),
    check('album_comments_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    index('album_comments_album_created_idx').on(t.albumId, t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/** Album views of logged-in guests (spec 6: album view recording is logged-in only). */
export const albumViews = pgTable(
  'album_views',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.albumId] })],
);

/** Tile grid settings stored per guest and grid type (tileGrid/storeTileGridSettings). */
export const tileGridSettings = pgTable(
  'tile_grid_settings',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.type] })],
);

/** A logged-in guest's last searches (GraphQL storeSearchPattern, "last searches"). */
export const searchPatterns = pgTable(
  'search_patterns',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    searchedAt: tstz('searched_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.pattern] }),
    index('search_patterns_guest_searched_idx').on(t.guestId, t.searchedAt.desc().nullsFirst()),
    check('search_patterns_length', sql`char_length(${t.pattern}) between 3 and 100`),
  ],
);

/** How often a pattern was searched (suggestions: popular searches that start with the input). */
export const searchStats = pgTable(
  'search_stats',
  {
    patternLower: text('pattern_lower').primaryKey(),
    count: integer('count').notNull().default(0),
    lastAt: tstz('last_at').notNull().defaultNow(),
  },
  (t) => [index('search_stats_count_idx').on(t.count.desc().nullsFirst())],
);

/** A logged-in guest's saved pro actor search filter (actorsearch/init, /search, /filter/delete). */
export const actorSearchFilters = pgTable('actor_search_filters', {
  guestId: bigint('guest_id', { mode: 'number' })
    .primaryKey()
    .references(() => guests.id, { onDelete: 'cascade' }),
  filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

// --- realtime (issue 6): notifications, favorites beyond actors, web push -------------------------

/**
 * A guest's notification (spec 3: id, unread, unseen; spec 4: unread -> read, unseen -> seen). The
 * page renders its text from `type` and `params` in its own language. Types 6, 7, 13, 14, 15 and 22
 * are stored but never shown (spec 9). `dedupe_key` makes a repeated cause (the same favorite going
 * online twice within the hour, a retried operator call) one notification.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean>>().notNull().default({}),
    url: text('url'),
    unread: boolean('unread').notNull().default(true),
    unseen: boolean('unseen').notNull().default(true),
    dedupeKey: text('dedupe_key'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_guest_newest_idx').on(t.guestId, t.id.desc()),
    index('notifications_guest_unread_idx').on(t.guestId).where(sql`${t.unread}`),
    index('notifications_guest_unseen_idx').on(t.guestId).where(sql`${t.unseen}`),
    uniqueIndex('notifications_guest_dedupe_idx').on(t.guestId, t.dedupeKey),
    check('notifications_type_check', sql`${t.type} between 1 and 99`),
  ],
);

const favoriteOf = <T extends string>(table: string, column: T, references: () => AnyPgColumn) =>
  pgTable(
    table,
    {
      guestId: bigint('guest_id', { mode: 'number' })
        .notNull()
        .references(() => guests.id, { onDelete: 'cascade' }),
      itemId: integer(column).notNull().references(references, { onDelete: 'cascade' }),
      createdAt: tstz('created_at').notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.guestId, t.itemId] }),
      index(`${table}_guest_newest_idx`).on(t.guestId, t.createdAt),
    ],
  );

/** Pinned albums, pictures and sedcards (spec 4 "Favorites"; favorite actors are `favorite_actors`). */
export const favoriteAlbums = favoriteOf('favorite_albums', 'album_id', () => albums.id);
export const favoritePictures = favoriteOf('favorite_pictures', 'picture_id', () => pictures.id);
export const favoriteSedcards = favoriteOf('favorite_sedcards', 'actor_id', () => actors.id);

/**
 * A browser's web push subscription (spec 7 web-push/*). `token` is the handle the page keeps to
 * resubscribe, update or unsubscribe; the endpoint is the push service's URL for this browser.
 */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    token: text('token').notNull().unique(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull().default('de'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    lastSentAt: tstz('last_sent_at'),
  },
  (t) => [index('web_push_subscriptions_guest_idx').on(t.guestId)],
);
