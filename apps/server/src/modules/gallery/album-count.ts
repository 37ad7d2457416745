/** The gallery's count of an actor's albums, offered to the catalog's profile details (decision 0030). */
import type { Db } from '@vela/db/client';
import { eq } from '@vela/db/orm';
import { albums } from '@vela/db/schema/gallery';

/** How many albums the actor has (albums_actor_created_idx). */
export function albumCountOfActor(db: Db, actorId: number): Promise<number> {
  return db.$count(albums, eq(albums.actorId, actorId));
}
