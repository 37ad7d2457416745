/**
 * The voicecall module's table (`voice_calls`, decision 0051); nobody else reads or writes it.
 */
import type { Db } from '@vela/db/client';
import { and, desc, eq, isNull, type SQL } from '@vela/db/orm';
import { voiceCalls } from '@vela/db/schema/voicecall';

export type VoiceCallRow = typeof voiceCalls.$inferSelect;
export type NewVoiceCall = typeof voiceCalls.$inferInsert;

export function createVoiceCallRepository(db: Db) {
  async function activeWhere(condition: SQL): Promise<VoiceCallRow | undefined> {
    const [row] = await db
      .select()
      .from(voiceCalls)
      .where(and(condition, eq(voiceCalls.status, 'active')));
    return row;
  }

  return {
    async byId(id: string): Promise<VoiceCallRow | undefined> {
      const [row] = await db.select().from(voiceCalls).where(eq(voiceCalls.id, id));
      return row;
    },
    async byProviderCallId(providerCallId: string): Promise<VoiceCallRow | undefined> {
      const [row] = await db.select().from(voiceCalls).where(eq(voiceCalls.providerCallId, providerCallId));
      return row;
    },
    /** The running call of a guest, or of a calling number. */
    activeOfGuest: (guestId: number) => activeWhere(eq(voiceCalls.guestId, guestId)),
    activeFrom: (fromE164: string) => activeWhere(eq(voiceCalls.fromE164, fromE164)),
    /** The running call a browser session entered the token of (the anonymous voice caller). */
    async activeOfSession(sessionId: number): Promise<VoiceCallRow | undefined> {
      const [row] = await db
        .select()
        .from(voiceCalls)
        .where(and(eq(voiceCalls.claimedSessionId, sessionId), eq(voiceCalls.status, 'active')))
        .orderBy(desc(voiceCalls.startedAt))
        .limit(1);
      return row;
    },
    /** The newest call with this token hash (tokens are unique among running calls only). */
    async byTokenHash(tokenHash: string): Promise<VoiceCallRow | undefined> {
      const [row] = await db
        .select()
        .from(voiceCalls)
        .where(eq(voiceCalls.tokenHash, tokenHash))
        .orderBy(desc(voiceCalls.startedAt))
        .limit(1);
      return row;
    },
    async insert(values: NewVoiceCall): Promise<VoiceCallRow> {
      const [row] = await db.insert(voiceCalls).values(values).returning();
      return row!;
    },
    /** Claims an unclaimed call for a session; false when another session was first. */
    async claim(callId: string, sessionId: number): Promise<boolean> {
      const rows = await db
        .update(voiceCalls)
        .set({ claimedSessionId: sessionId })
        .where(
          and(
            eq(voiceCalls.id, callId),
            isNull(voiceCalls.claimedSessionId),
            eq(voiceCalls.status, 'active'),
          ),
        )
        .returning({ id: voiceCalls.id });
      return rows.length === 1;
    },
    /** The anonymous caller's stand-in guest of a claimed call (in the claim's transaction). */
    async setCallerGuest(callId: string, guestId: number): Promise<void> {
      await db.update(voiceCalls).set({ callerGuestId: guestId }).where(eq(voiceCalls.id, callId));
    },
    /** Row-locks a call (in a transaction). */
    async lock(callId: string): Promise<VoiceCallRow | undefined> {
      const [row] = await db.select().from(voiceCalls).where(eq(voiceCalls.id, callId)).for('update');
      return row;
    },
    async markEnded(
      callId: string,
      values: { endedAt: Date; exitCode: number; billedMinutes: number; billedCents: number },
    ): Promise<void> {
      await db
        .update(voiceCalls)
        .set({ status: 'ended', ...values })
        .where(and(eq(voiceCalls.id, callId), eq(voiceCalls.status, 'active')));
    },
  };
}
export type VoiceCallRepository = ReturnType<typeof createVoiceCallRepository>;
