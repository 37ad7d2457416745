/**
 * The catalog's read port for who a performer is on a notice (issue 18: spec 7
 * `privateTicketShowInvitation` carries actorName and actorProfilePictureUrl): name and avatar URL.
 */
import type { Db } from '@vela/db/client';
import { eq } from '@vela/db/orm';
import { actors } from '@vela/db/schema/catalog';

export interface ActorPicture {
  name: string;
  /** The avatar at w320 (`/media/<size>/<key>.webp`, contracts common.ts ImageRef). */
  profilePictureUrl: string;
}

export function createActorPictureReads(db: Db) {
  return {
    async actorPicture(actorId: number): Promise<ActorPicture | null> {
      const [row] = await db
        .select({ name: actors.name, avatarKey: actors.avatarKey })
        .from(actors)
        .where(eq(actors.id, actorId))
        .limit(1);
      return row
        ? { name: row.name, profilePictureUrl: `/media/w320/${encodeURIComponent(row.avatarKey)}.webp` }
        : null;
    },
  };
}
export type ActorPictureReads = ReturnType<typeof createActorPictureReads>;
