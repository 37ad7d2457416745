/**
 * All SQL of pinning (spec 4 "Favorites"): favorite_actors, favorite_albums, favorite_pictures,
 * favorite_sedcards. The lists are for a caller's country: performers blocked there are left out
 * (spec 6, infra/country.ts).
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, type SQL, sql } from '@vela/db/orm';
import { actors } from '@vela/db/schema/catalog';
import {
  favoriteActors,
  favoriteAlbums,
  favoritePictures,
  favoriteSedcards,
} from '@vela/db/schema/favorites';
import { albums, pictures } from '@vela/db/schema/gallery';
import { actorOfferedIn, type Country } from '../../infra/country.ts';

export type PinItemTarget = 'album' | 'picture' | 'sedcards';

const itemTables = {
  album: { pins: favoriteAlbums, items: albums },
  picture: { pins: favoritePictures, items: pictures },
  sedcards: { pins: favoriteSedcards, items: actors },
} as const;

/**
 * The guests who pinned `actorId`, as a subquery of one column (`guest_id`), for the notifications
 * module to insert a notification per fan in one statement (decision 0030: the owner offers the SQL
 * part; app.ts wires it). Uses the favorite_actors actor index.
 */
export function fansOfActorSql(actorId: number): SQL {
  return sql`select ${favoriteActors.guestId} as guest_id from ${favoriteActors} where ${favoriteActors.actorId} = ${actorId}`;
}

/** Spec 9: the favorite models block holds 50. */
export const FAVORITE_ACTORS_LIST = 50;

export function createFavoritesRepository(db: Db) {
  return {
    /** The actor's banned countries (spec 6); null when there is no such actor. */
    async actorBans(actorId: number): Promise<string[] | null> {
      const [row] = await db
        .select({ banned: actors.bannedCountryCodes })
        .from(actors)
        .where(eq(actors.id, actorId));
      return row ? row.banned : null;
    },

    /** Pins; true when it was not pinned before. The actor's pinnedCount follows in the same transaction. */
    async pinActor(guestId: number, actorId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(favoriteActors)
          .values({ guestId, actorId })
          .onConflictDoNothing()
          .returning({ actorId: favoriteActors.actorId });
        if (inserted.length === 0) return false;
        await tx
          .update(actors)
          .set({ pinnedCount: sql`${actors.pinnedCount} + 1` })
          .where(eq(actors.id, actorId));
        return true;
      });
    },

    async unpinActor(guestId: number, actorId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(favoriteActors)
          .where(and(eq(favoriteActors.guestId, guestId), eq(favoriteActors.actorId, actorId)))
          .returning({ actorId: favoriteActors.actorId });
        if (deleted.length === 0) return false;
        await tx
          .update(actors)
          .set({ pinnedCount: sql`greatest(${actors.pinnedCount} - 1, 0)` })
          .where(eq(actors.id, actorId));
        return true;
      });
    },

    /** The pinned actor's email or SMS notification; the new flags, or null when it is not pinned. */
    async setActorNotification(guestId: number, actorId: number, channel: 'email' | 'sms', enabled: boolean) {
      const [row] = await db
        .update(favoriteActors)
        .set(channel === 'email' ? { notifyEmail: enabled } : { notifySms: enabled })
        .where(and(eq(favoriteActors.guestId, guestId), eq(favoriteActors.actorId, actorId)))
        .returning({ notifyEmail: favoriteActors.notifyEmail, notifySms: favoriteActors.notifySms });
      return row ?? null;
    },

    /** The banned countries (spec 6) of the performer of an album, picture or sedcard; null when there is no such item. */
    async itemBans(target: PinItemTarget, id: number): Promise<string[] | null> {
      const [row] =
        target === 'sedcards'
          ? await db.select({ banned: actors.bannedCountryCodes }).from(actors).where(eq(actors.id, id))
          : target === 'album'
            ? await db
                .select({ banned: actors.bannedCountryCodes })
                .from(albums)
                .innerJoin(actors, eq(actors.id, albums.actorId))
                .where(eq(albums.id, id))
            : await db
                .select({ banned: actors.bannedCountryCodes })
                .from(pictures)
                .innerJoin(albums, eq(albums.id, pictures.albumId))
                .innerJoin(actors, eq(actors.id, albums.actorId))
                .where(eq(pictures.id, id));
      return row ? row.banned : null;
    },

    async pinItem(target: PinItemTarget, guestId: number, itemId: number): Promise<boolean> {
      const { pins } = itemTables[target];
      const rows = await db
        .insert(pins)
        .values({ guestId, itemId })
        .onConflictDoNothing()
        .returning({ itemId: pins.itemId });
      return rows.length > 0;
    },

    async unpinItem(target: PinItemTarget, guestId: number, itemId: number): Promise<boolean> {
      const { pins } = itemTables[target];
      const rows = await db
        .delete(pins)
        .where(and(eq(pins.guestId, guestId), eq(pins.itemId, itemId)))
        .returning({ itemId: pins.itemId });
      return rows.length > 0;
    },

    /** The guest's favorite actors offered in `country`, online first, then newest pin (favorite_actors primary key). */
    favoriteActors(guestId: number, country: Country) {
      return db
        .select({
          id: actors.id,
          name: actors.name,
          isOnline: actors.isOnline,
          avatarKey: actors.avatarKey,
          notifyEmail: favoriteActors.notifyEmail,
          notifySms: favoriteActors.notifySms,
        })
        .from(favoriteActors)
        .innerJoin(actors, eq(actors.id, favoriteActors.actorId))
        .where(and(eq(favoriteActors.guestId, guestId), actorOfferedIn(country, actors.bannedCountryCodes)))
        .orderBy(desc(actors.isOnline), desc(favoriteActors.createdAt), asc(actors.id))
        .limit(FAVORITE_ACTORS_LIST);
    },

    async favoriteCounts(guestId: number, country: Country): Promise<{ total: number; online: number }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          online: sql<number>`count(*) filter (where ${actors.isOnline})::int`,
        })
        .from(favoriteActors)
        .innerJoin(actors, eq(actors.id, favoriteActors.actorId))
        .where(and(eq(favoriteActors.guestId, guestId), actorOfferedIn(country, actors.bannedCountryCodes)));
      return { total: row?.total ?? 0, online: row?.online ?? 0 };
    },

    /** The pinned actors offered in `country`, newest pin first. */
    async pinnedActorIds(guestId: number, country: Country): Promise<number[]> {
      const rows = await db
        .select({ id: favoriteActors.actorId })
        .from(favoriteActors)
        .innerJoin(actors, eq(actors.id, favoriteActors.actorId))
        .where(and(eq(favoriteActors.guestId, guestId), actorOfferedIn(country, actors.bannedCountryCodes)))
        .orderBy(desc(favoriteActors.createdAt))
        .limit(1000);
      return rows.map((row) => row.id);
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
