/**
 * The clash module's tables (`clashes`, `clash_votes`; packages/db/src/schema/clash.ts). One vote per
 * guest per clash is the primary key's: a second insert does nothing, whichever node or request ran.
 */
import type { Db } from '@vela/db/client';
import { and, count, desc, eq, gt, lte, or, sql } from '@vela/db/orm';
import { clashes, clashVotes } from '@vela/db/schema/clash';

export type ClashRow = typeof clashes.$inferSelect;

export function createClashRepository(db: Db) {
  const of = (actorId: number) => or(eq(clashes.actorA, actorId), eq(clashes.actorB, actorId));
  return {
    async insert(row: { actorA: number; actorB: number; startsAt: Date; endsAt: Date }): Promise<ClashRow> {
      const [inserted] = await db.insert(clashes).values(row).returning();
      if (!inserted) throw new Error('clash not inserted');
      return inserted;
    },
    async byId(id: number): Promise<ClashRow | undefined> {
      const [row] = await db.select().from(clashes).where(eq(clashes.id, id));
      return row;
    },
    /** The performer's clash whose window is open at `now`. */
    async runningOf(actorId: number, now: Date): Promise<ClashRow | undefined> {
      const [row] = await db
        .select()
        .from(clashes)
        .where(and(of(actorId), lte(clashes.startsAt, now), gt(clashes.endsAt, now)))
        .orderBy(desc(clashes.id))
        .limit(1);
      return row;
    },
    /** The performer's latest clash that ended after `since` (its final totals are still shown). */
    async endedSince(actorId: number, since: Date): Promise<ClashRow | undefined> {
      const [row] = await db
        .select()
        .from(clashes)
        .where(and(of(actorId), gt(clashes.endsAt, since)))
        .orderBy(desc(clashes.endsAt))
        .limit(1);
      return row;
    },
    /**
     * The guest's vote, written only while the clash is open at `now` (checked in the same
     * statement); false when the guest had voted already or the window closed meanwhile.
     */
    async vote(clashId: number, guestId: number, actorId: number, now: Date): Promise<boolean> {
      const written = (await db.execute(sql`
        insert into ${clashVotes} (clash_id, guest_id, actor_id, voted_at)
        select ${clashId}, ${guestId}, ${actorId}, ${now.toISOString()}::timestamptz
        where exists (select 1 from ${clashes} where id = ${clashId} and ends_at > ${now.toISOString()}::timestamptz)
        on conflict do nothing
        returning clash_id`)) as unknown as { rows: unknown[] };
      return written.rows.length === 1;
    },
    async totals(clashId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ actorId: clashVotes.actorId, votes: count() })
        .from(clashVotes)
        .where(eq(clashVotes.clashId, clashId))
        .groupBy(clashVotes.actorId);
      return new Map(rows.map((r) => [r.actorId, Number(r.votes)]));
    },
    async votedFor(clashId: number, guestId: number): Promise<number | null> {
      const [row] = await db
        .select({ actorId: clashVotes.actorId })
        .from(clashVotes)
        .where(and(eq(clashVotes.clashId, clashId), eq(clashVotes.guestId, guestId)));
      return row?.actorId ?? null;
    },
    /** Marks the clashes over at `now` whose end was not announced yet; each is returned once. */
    async takeEnded(now: Date): Promise<ClashRow[]> {
      return db
        .update(clashes)
        .set({ endAnnounced: true })
        .where(and(eq(clashes.endAnnounced, false), lte(clashes.endsAt, now)))
        .returning();
    },
  };
}
export type ClashRepository = ReturnType<typeof createClashRepository>;
