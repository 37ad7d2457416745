/**
 * The voicecall module's read port for other modules (decision 0051): whether a performer is in a voice
 * call now (spec 3 actor `isVoicecallActive`, on the actor data).
 */
import type { Db } from '@vela/db/client';
import { and, eq } from '@vela/db/orm';
import { voiceCalls } from '@vela/db/schema/voicecall';

export function createVoiceCallReads(db: Db) {
  return {
    async actorInVoiceCall(actorId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: voiceCalls.id })
        .from(voiceCalls)
        .where(and(eq(voiceCalls.actorId, actorId), eq(voiceCalls.status, 'active')))
        .limit(1);
      return row !== undefined;
    },
  };
}
