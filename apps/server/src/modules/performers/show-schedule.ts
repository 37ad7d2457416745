/**
 * The performers module's port for the show side of the live module (issue 18, ticket shows): which
 * cam show of a performer runs at a moment of the show clock, which comes next, which run at all, and
 * scheduling a show (performer API). The performers module keeps `cam_shows` (decision 0031); a show
 * runs from `starts_at` (inclusive) to `ends_at` (exclusive) unless cancelled (`cancelled_at`).
 */
import type { Db } from '@vela/db/client';
import { and, asc, eq, gt, isNull, lte, sql } from '@vela/db/orm';
import { camShows } from '@vela/db/schema/performers';

export type ScheduledShowRow = typeof camShows.$inferSelect;

export interface NewShow {
  actorId: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  priceCents: number;
  isFree: boolean;
  isFeatured: boolean;
  isInternal: boolean;
  bonusCode: string | null;
}

export interface ShowSchedule {
  /** The actor's show running at `now` (started, not ended, not cancelled), the earliest start first. */
  currentShowOf(actorId: number, now: Date): Promise<ScheduledShowRow | null>;
  /** The actor's next show that starts after `now` and is not cancelled. */
  nextShowOf(actorId: number, now: Date): Promise<ScheduledShowRow | null>;
  /** Every show running at `now` (the show job's scan; cam_shows_ends_idx). */
  runningShows(now: Date): Promise<ScheduledShowRow[]>;
  showById(showId: number): Promise<ScheduledShowRow | null>;
  /** Schedules a show; the table's checks (end after start, price ≥ 0) hold. */
  scheduleShow(show: NewShow): Promise<ScheduledShowRow>;
  /**
   * Schedules the shows `plan` asks for, given the shows (not cancelled) that have not ended at `from`
   * — in one transaction under the lock `lockName`, so callers on several nodes (or a restart) each
   * see what the others added and never add a show twice. The shows added.
   */
  scheduleUnderLock(
    lockName: string,
    from: Date,
    plan: (upcoming: readonly ScheduledShowRow[]) => NewShow[] | Promise<NewShow[]>,
  ): Promise<ScheduledShowRow[]>;
}

export function createShowSchedule(db: Db): ShowSchedule {
  const runningAt = (now: Date) =>
    and(lte(camShows.startsAt, now), gt(camShows.endsAt, now), isNull(camShows.cancelledAt));
  return {
    async currentShowOf(actorId, now) {
      const [row] = await db
        .select()
        .from(camShows)
        .where(and(eq(camShows.actorId, actorId), runningAt(now)))
        .orderBy(asc(camShows.startsAt), asc(camShows.id))
        .limit(1);
      return row ?? null;
    },
    async nextShowOf(actorId, now) {
      const [row] = await db
        .select()
        .from(camShows)
        .where(and(eq(camShows.actorId, actorId), gt(camShows.startsAt, now), isNull(camShows.cancelledAt)))
        .orderBy(asc(camShows.startsAt), asc(camShows.id))
        .limit(1);
      return row ?? null;
    },
    runningShows(now) {
      return db.select().from(camShows).where(runningAt(now)).orderBy(asc(camShows.id));
    },
    async showById(showId) {
      const [row] = await db.select().from(camShows).where(eq(camShows.id, showId)).limit(1);
      return row ?? null;
    },
    async scheduleShow(show) {
      const [row] = await db.insert(camShows).values(show).returning();
      if (!row) throw new Error('cam show not inserted');
      return row;
    },
    scheduleUnderLock(lockName, from, plan) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockName}))`);
        const upcoming = await tx
          .select()
          .from(camShows)
          .where(and(gt(camShows.endsAt, from), isNull(camShows.cancelledAt)))
          .orderBy(asc(camShows.startsAt), asc(camShows.id));
        const shows = await plan(upcoming);
        return shows.length === 0 ? [] : tx.insert(camShows).values(shows).returning();
      });
    },
  };
}
