/** SQL of the internal API's guest actions (lock and unlock). */
import type { Db } from '@vela/db/client';
import { and, eq, isNull } from '@vela/db/orm';
import { guestSessions, guests } from '@vela/db/schema';

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
    /** Ends every live session of the guest; how many there were. */
    async revokeAllSessions(guestId: number, at: Date): Promise<number> {
      const rows = await db
        .update(guestSessions)
        .set({ revokedAt: at })
        .where(and(eq(guestSessions.guestId, guestId), isNull(guestSessions.revokedAt)))
        .returning({ id: guestSessions.id });
      return rows.length;
    },
  };
}
