/**
 * The clash module's tables (`clashes`, `clash_votes`, `clash_performers`; packages/db/src/schema/clash.ts).
 * One vote per guest per clash is the primary key's: a second insert does nothing, whichever node or
 * request ran. One clash per performer until its end is announced is `clash_performers`' primary key:
 * a start with a performer already in one fails with a unique violation (`CLASH_PERFORMER_KEY`).
 */
import type { Db } from '@vela/db/client';
import { and, count, desc, eq, gt, gte, inArray, lte, or, sql } from '@vela/db/orm';
import { clashes, clashPerformers, clashVotes } from '@vela/db/schema/clash';

export type ClashRow = typeof clashes.$inferSelect;

/** The constraint that refuses a second clash of a performer (the primary key of `clash_performers`). */
export const CLASH_PERFORMER_KEY = 'clash_performers_pkey';
/** The advisory lock the demo's clash starts take (one demo clash per period, however many nodes). */
const DEMO_CLASH_LOCK = 'clash-demo';

export function createClashRepository(db: Db) {
  const of = (actorId: number) => or(eq(clashes.actorA, actorId), eq(clashes.actorB, actorId));
  return {
    /**
     * Inserts the clash and its two performers in one transaction (a performer in a clash not over yet
     * makes it fail with a unique violation of CLASH_PERFORMER_KEY, nothing written). With
     * `noneStartedSince`, under one lock for every node: nothing is inserted (null) when a clash
     * started at or after that moment.
     */
    async insert(
      row: { actorA: number; actorB: number; startsAt: Date; endsAt: Date },
      noneStartedSince?: Date,
    ): Promise<ClashRow | null> {
      return db.transaction(async (tx) => {
        if (noneStartedSince) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${DEMO_CLASH_LOCK}))`);
          const [recent] = await tx
            .select({ id: clashes.id })
            .from(clashes)
            .where(gte(clashes.startsAt, noneStartedSince))
            .limit(1);
          if (recent) return null;
        }
        const [inserted] = await tx.insert(clashes).values(row).returning();
        if (!inserted) throw new Error('clash not inserted');
        await tx.insert(clashPerformers).values([
          { actorId: row.actorA, clashId: inserted.id },
          { actorId: row.actorB, clashId: inserted.id },
        ]);
        return inserted;
      });
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
    /**
     * Marks the clashes over at `now` whose end was not announced yet and frees their performers for
     * the next clash (one transaction); each is returned once.
     */
    async takeEnded(now: Date): Promise<ClashRow[]> {
      return db.transaction(async (tx) => {
        const ended = await tx
          .update(clashes)
          .set({ endAnnounced: true })
          .where(and(eq(clashes.endAnnounced, false), lte(clashes.endsAt, now)))
          .returning();
        if (ended.length > 0)
          await tx.delete(clashPerformers).where(
            inArray(
              clashPerformers.clashId,
              ended.map((row) => row.id),
            ),
          );
        return ended;
      });
    },
  };
}
export type ClashRepository = ReturnType<typeof createClashRepository>;
