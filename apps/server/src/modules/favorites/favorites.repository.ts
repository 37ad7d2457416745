/**
 * All SQL of pinning (spec 4 "Favorites"): favorite_actors, favorite_albums, favorite_pictures,
 * favorite_sedcards. The lists are for a caller's country: performers blocked there are left out
 * (spec 6), and the favorite models are ordered online first, both through the catalog's SQL parts
 * (catalog/actor-sql.ts), so each list stays one statement without naming the actors table; the
 * pinned actors' counter is the catalog's, moved through its port in the pin's transaction.
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, type SQL, sql } from '@vela/db/orm';
import {
  favoriteActors,
  favoriteAlbums,
  favoritePictures,
  favoriteSedcards,
} from '@vela/db/schema/favorites';
import type { Country } from '../../infra/country.ts';
import { actorIdOfferedIn, actorIsOnline } from '../catalog/actor-sql.ts';

export type PinItemTarget = 'album' | 'picture' | 'sedcards';

const pinTables = {
  album: favoriteAlbums,
  picture: favoritePictures,
  sedcards: favoriteSedcards,
} as const;

/**
 * The catalog's count of the guests who pinned an actor (spec 3 pinnedCount), moved on the
 * executor it is given: the pin's own transaction (decision 0030; catalog.service createCatalogReads).
 */
export type AddPinnedIn = (executor: Db, actorId: number, delta: 1 | -1) => Promise<void>;

/**
 * The guests who pinned `actorId`, as a subquery of one column (`guest_id`), for the notifications
 * module to insert a notification per fan in one statement (decision 0030: the owner offers the SQL
 * part; app.ts wires it). Uses the favorite_actors actor index.
 */
export function fansOfActorSql(actorId: number): SQL {
  return sql`select ${favoriteActors.guestId} as guest_id from ${favoriteActors} where ${favoriteActors.actorId} = ${actorId}`;
}

/** The guest's pinned actors that a caller from `country` may be offered (spec 6). */
const offeredPinsOf = (guestId: number, country: Country) =>
  and(eq(favoriteActors.guestId, guestId), actorIdOfferedIn(country, favoriteActors.actorId));

/** Spec 9: the favorite models block holds 50. */
export const FAVORITE_ACTORS_LIST = 50;

export function createFavoritesRepository(db: Db, addPinnedIn: AddPinnedIn) {
  return {
    /** Pins; true when it was not pinned before. The actor's pinnedCount follows in the same transaction. */
    async pinActor(guestId: number, actorId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(favoriteActors)
          .values({ guestId, actorId })
          .onConflictDoNothing()
          .returning({ actorId: favoriteActors.actorId });
        if (inserted.length === 0) return false;
        await addPinnedIn(tx, actorId, 1);
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
        await addPinnedIn(tx, actorId, -1);
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

    async pinItem(target: PinItemTarget, guestId: number, itemId: number): Promise<boolean> {
      const pins = pinTables[target];
      const rows = await db
        .insert(pins)
        .values({ guestId, itemId })
        .onConflictDoNothing()
        .returning({ itemId: pins.itemId });
      return rows.length > 0;
    },

    async unpinItem(target: PinItemTarget, guestId: number, itemId: number): Promise<boolean> {
      const pins = pinTables[target];
      const rows = await db
        .delete(pins)
        .where(and(eq(pins.guestId, guestId), eq(pins.itemId, itemId)))
        .returning({ itemId: pins.itemId });
      return rows.length > 0;
    },

    /**
     * The guest's favorite actors offered in `country`, online first, then newest pin (favorite_actors
     * primary key): the pins with their notification flags; the catalog adds name and avatar.
     */
    favoriteActors(guestId: number, country: Country) {
      return db
        .select({
          id: favoriteActors.actorId,
          notifyEmail: favoriteActors.notifyEmail,
          notifySms: favoriteActors.notifySms,
        })
        .from(favoriteActors)
        .where(offeredPinsOf(guestId, country))
        .orderBy(
          desc(actorIsOnline(favoriteActors.actorId)),
          desc(favoriteActors.createdAt),
          asc(favoriteActors.actorId),
        )
        .limit(FAVORITE_ACTORS_LIST);
    },

    async favoriteCounts(guestId: number, country: Country): Promise<{ total: number; online: number }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          online: sql<number>`count(*) filter (where ${actorIsOnline(favoriteActors.actorId)})::int`,
        })
        .from(favoriteActors)
        .where(offeredPinsOf(guestId, country));
      return { total: row?.total ?? 0, online: row?.online ?? 0 };
    },

    /**
     * The guest's pinned albums, pictures and sedcards, newest pin first (the `_guest_newest_idx`
     * indexes), at most `limit` of each; sedcards of performers blocked in `country` are left out
     * (spec 6), as the pinned actors are.
     */
    async pinnedItemIds(guestId: number, country: Country, limit: number) {
      const newest = (target: PinItemTarget, offered: SQL | undefined) => {
        const pins = pinTables[target];
        return db
          .select({ id: pins.itemId })
          .from(pins)
          .where(and(eq(pins.guestId, guestId), offered))
          .orderBy(desc(pins.createdAt))
          .limit(limit)
          .then((rows) => rows.map((row) => row.id));
      };
      const [album, picture, sedcards] = await Promise.all([
        newest('album', undefined),
        newest('picture', undefined),
        newest('sedcards', actorIdOfferedIn(country, favoriteSedcards.itemId)),
      ]);
      return { album, picture, sedcards };
    },

    /** The pinned actors offered in `country`, newest pin first. */
    async pinnedActorIds(guestId: number, country: Country): Promise<number[]> {
      const rows = await db
        .select({ id: favoriteActors.actorId })
        .from(favoriteActors)
        .where(offeredPinsOf(guestId, country))
        .orderBy(desc(favoriteActors.createdAt))
        .limit(1000);
      return rows.map((row) => row.id);
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
