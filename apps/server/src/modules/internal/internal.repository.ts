/** SQL of the internal API's guest actions (lock and unlock; the sessions end in SessionEnder). */
import type { Db } from '@vela/db/client';
import { eq } from '@vela/db/orm';
import { guests } from '@vela/db/schema/guests';

export function createInternalRepository(db: Db) {
  return {
    /** Sets the lock flag; false when there is no such guest. */
    async setLocked(guestId: number, locked: boolean): Promise<boolean> {
      const rows = await db
        .update(guests)
        .set({ locked })
        .where(eq(guests.id, guestId))
        .returning({ id: guests.id });
      return rows.length > 0;
    },
  };
}
