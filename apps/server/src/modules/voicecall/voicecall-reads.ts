/**
 * The voicecall module's read port for other modules (decision 0051): whether a guest or a performer
 * is in a voice call now (spec 3 `isVoicecallActive`, as SQL for guest/me's and the actor data's one
 * statement), and the anonymous voice caller of a
 * browser session (`callerOf`: the stand-in guest that owns the running call's video, for the live
 * routes' `requireGuestOrCaller` and the socket's caller scope).
 */
import type { Db } from '@vela/db/client';
import { and, desc, eq, type SQL, sql } from '@vela/db/orm';
import { voiceCalls } from '@vela/db/schema/voicecall';

/**
 * SQL for the guests module's guest read (guests.repository moneyStateOf, one statement per guest/me):
 * whether the guest is on a voice call now (spec 3 Guest `isVoicecallActive`; the partial unique index
 * of a guest's running call answers it).
 */
export const voicecallActiveSql = (guestId: number): SQL =>
  sql`exists(select 1 from ${voiceCalls} where ${voiceCalls.guestId} = ${guestId} and ${voiceCalls.status} = 'active')`;

/**
 * SQL for the actor data (actors module, one statement per getActorDataByIdOrName): whether the
 * performer is in a voice call now (spec 3 actor `isVoicecallActive`), given the actor's id column.
 */
export const actorInVoiceCallSql = (actorId: SQL): SQL =>
  sql`exists(select 1 from ${voiceCalls} where ${voiceCalls.actorId} = ${actorId} and ${voiceCalls.status} = 'active')`;

/** The anonymous voice caller of a session: the call's stand-in guest and the called performer. */
export interface VoiceCaller {
  guestId: number;
  actorId: number;
}

export function createVoiceCallReads(db: Db) {
  return {
    /** The running anonymous call a visitor session entered the token of, with its stand-in; else null. */
    async callerOf(sessionId: number): Promise<VoiceCaller | null> {
      const [row] = await db
        .select({ guestId: voiceCalls.callerGuestId, actorId: voiceCalls.actorId })
        .from(voiceCalls)
        .where(and(eq(voiceCalls.claimedSessionId, sessionId), eq(voiceCalls.status, 'active')))
        .orderBy(desc(voiceCalls.startedAt))
        .limit(1);
      return row?.guestId ? { guestId: row.guestId, actorId: row.actorId } : null;
    },
  };
}
