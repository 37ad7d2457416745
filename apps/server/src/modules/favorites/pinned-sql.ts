/**
 * SQL parts over the favorites' pins that other modules' queries embed (decision 0030: the owner
 * offers the part, so a list of pinned items stays one statement and no other module names the
 * pin tables).
 */
import { type SQL, sql } from '@vela/db/orm';
import { favoriteActors, favoriteAlbums, favoritePictures } from '@vela/db/schema/favorites';

/**
 * SQL: a query of (`picture_id`, `created_at`): the pictures the guest pinned, with when. Used as a
 * derived table, it is inlined, so a "newest pin first" list reads along
 * favorite_pictures_guest_newest_idx as before.
 */
export function pinnedPicturesSql(guestId: number): SQL {
  return sql`select ${favoritePictures.itemId} as picture_id, ${favoritePictures.createdAt} as created_at
    from ${favoritePictures} where ${favoritePictures.guestId} = ${guestId}`;
}

/**
 * SQL: a query of (`actor_id`, `created_at`): the actors the guest pinned, with when (the
 * favorite_actors primary key, guest first). Used in `in (…)` or as a derived table.
 */
export function pinnedActorsSql(guestId: number): SQL {
  return sql`select ${favoriteActors.actorId} as actor_id, ${favoriteActors.createdAt} as created_at
    from ${favoriteActors} where ${favoriteActors.guestId} = ${guestId}`;
}

/**
 * SQL: a query of (`album_id`, `created_at`): the albums the guest pinned, with when (the media
 * library's pinned photos; favorite_albums_guest_newest_idx).
 */
export function pinnedAlbumsSql(guestId: number): SQL {
  return sql`select ${favoriteAlbums.itemId} as album_id, ${favoriteAlbums.createdAt} as created_at
    from ${favoriteAlbums} where ${favoriteAlbums.guestId} = ${guestId}`;
}
