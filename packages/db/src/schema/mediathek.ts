/**
 * Tables of the mediathek module (apps/server/src/modules/mediathek): a guest's media library
 * (spec 2 "media library videos ... photos ... audio"; spec 3 "Media library: media types video/photo;
 * source purchased/pinned/archived"). What a guest bought is the promotions' purchases and what a guest
 * pinned is the favorites'; this module owns only what the library adds: playlists of videos and the
 * archive (items moved out of the shop and pinned lists).
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';
import { videos } from './videos.ts';

/** A playlist's name: 1 to 80 characters (the service trims and checks first; the database holds it). */
export const PLAYLIST_NAME_MAX = 80;

/** A guest's playlists of videos, in the guest's order (`position`, then id). */
export const mediathekPlaylists = pgTable(
  'mediathek_playlists',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'mediathek_playlists_name_length',
      sql`char_length(${t.name}) between 1 and ${sql.raw(String(PLAYLIST_NAME_MAX))}`,
    ),
    index('mediathek_playlists_guest_position_idx').on(t.guestId, t.position, t.id),
  ],
);

/** The videos of a playlist in order; a video is in a playlist at most once. */
export const mediathekPlaylistItems = pgTable(
  'mediathek_playlist_items',
  {
    playlistId: bigint('playlist_id', { mode: 'number' })
      .notNull()
      .references(() => mediathekPlaylists.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: tstz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    index('mediathek_playlist_items_order_idx').on(t.playlistId, t.position),
  ],
);

/**
 * Items a guest moved to the archive (spec 3 source "archived"): they leave the shop and pinned lists
 * and show under archive until restored. `item_id` is a video id (media type video) or an album id
 * (media type photo); the item's own table is the videos' or the gallery's.
 */
export const mediathekArchive = pgTable(
  'mediathek_archive',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    mediaType: text('media_type', { enum: ['video', 'photo'] }).notNull(),
    itemId: integer('item_id').notNull(),
    archivedAt: tstz('archived_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.mediaType, t.itemId] }),
    check('mediathek_archive_media_type', sql`${t.mediaType} in ('video', 'photo')`),
    index('mediathek_archive_guest_newest_idx').on(t.guestId, t.mediaType, t.archivedAt),
  ],
);
