/**
 * Tables of the favorites module (apps/server/src/modules/favorites): pinned actors, albums,
 * pictures and sedcards (spec 4 "Favorites").
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { actorIdColumn, actors } from './catalog.ts';
import { tstz } from './columns.ts';
import { albums, pictures } from './gallery.ts';
import { guestIdColumn } from './guests.ts';

/** Actors a guest pinned as favorites (spec 4 Favorites). */
export const favoriteActors = pgTable(
  'favorite_actors',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    notifyEmail: boolean('notify_email').notNull().default(false),
    notifySms: boolean('notify_sms').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.actorId] }), index('favorite_actors_actor_idx').on(t.actorId)],
);

const favoriteOf = <T extends string>(table: string, column: T, references: () => AnyPgColumn) =>
  pgTable(
    table,
    {
      guestId: guestIdColumn({ onDelete: 'cascade' }),
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
