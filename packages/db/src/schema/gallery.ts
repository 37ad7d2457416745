/**
 * Tables of the gallery module (apps/server/src/modules/gallery): photo albums, pictures, their
 * ratings (and the sedcard ratings), album comments and views.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { actorIdColumn } from './catalog.ts';
import { ratingValue, tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

export const albums = pgTable(
  'albums',
  {
    id: serial('id').primaryKey(),
    actorId: actorIdColumn(),
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

/** A row of an album, `album_id` (not null) referencing albums: the row goes with the album. */
const albumIdColumn = () =>
  integer('album_id')
    .notNull()
    .references(() => albums.id, { onDelete: 'cascade' });

export const pictures = pgTable(
  'pictures',
  {
    id: serial('id').primaryKey(),
    albumId: albumIdColumn(),
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

export const albumRatings = pgTable(
  'album_ratings',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    albumId: albumIdColumn(),
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
    guestId: guestIdColumn({ onDelete: 'cascade' }),
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
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    rating: ratingValue('rating'),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.actorId] }),
    check('sedcard_ratings_rating_check', sql`${t.rating} in (-1, 1)`),
  ],
);

/** Album comments (spec 3/5): a guest may comment on an album only once. */
export const albumComments = pgTable(
  'album_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    albumId: albumIdColumn(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
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
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    albumId: albumIdColumn(),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.albumId] })],
);
