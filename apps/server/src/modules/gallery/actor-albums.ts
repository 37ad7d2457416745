/** The gallery's reads for the actor profile (the actors module; decision 0037): the actor's albums. */
import type { Db } from '@vela/db/client';
import { desc, eq, sql } from '@vela/db/orm';
import { albums } from '@vela/db/schema/gallery';
import { mediaAgeRatingSql } from '../catalog/media-facts.ts';

export type ActorAlbumRow = typeof albums.$inferSelect & { coverAgeRating: number };

/** The actor's newest albums with their cover's age rating (albums_actor_created_idx). */
export async function albumsOfActor(db: Db, actorId: number, limit: number): Promise<ActorAlbumRow[]> {
  const rows = await db
    .select({
      album: albums,
      coverAgeRating: sql<number>`coalesce(${mediaAgeRatingSql(albums.coverKey)}, 18)`,
    })
    .from(albums)
    .where(eq(albums.actorId, actorId))
    .orderBy(desc(albums.createdAt), desc(albums.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.album, coverAgeRating: Number(r.coverAgeRating) }));
}
