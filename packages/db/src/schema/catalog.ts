/**
 * Tables of the catalog module (apps/server/src/modules/catalog): actors and their categories and
 * tags, categories, blog, contests, TV, SEO texts, the media image pool and the precomputed lists'
 * windows (`counters`). The operator import, presence and favorites still write some of them (the
 * exceptions of the ownership test).
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import {
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
  unique,
} from 'drizzle-orm/pg-core';
import { type LocalizedText, tstz } from './columns.ts';

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

/** A row's actor, `actor_id` (not null) referencing actors: the row goes with the actor. */
export const actorIdColumn = () =>
  integer('actor_id')
    .notNull()
    .references(() => actors.id, { onDelete: 'cascade' });

export const actorCategories = pgTable(
  'actor_categories',
  {
    actorId: actorIdColumn(),
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
    actorId: actorIdColumn(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.tagId] }), index('actor_tags_tag_idx').on(t.tagId)],
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
