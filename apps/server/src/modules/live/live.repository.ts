/**
 * All SQL of the live sessions (`live_sessions`, `live_messages`, `live_minutes`, `live_preview_units`,
 * `live_free_chat_uses`, `live_preview_declines`; docs/decisions/0038). A step of a
 * session is stored only by its owner node at the version it read: the conditional update is what
 * keeps two nodes from both continuing one session. The two partial unique indexes decide the races
 * of a start (one exclusive chat per performer, one paid chat per guest).
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from '@vela/db/orm';
import {
  liveFreeChatUses,
  liveMessages,
  liveMinutes,
  livePreviewDeclines,
  livePreviewUnits,
  liveSessions,
} from '@vela/db/schema/live';

export type LiveSessionRow = typeof liveSessions.$inferSelect;
export type LiveMessageRow = typeof liveMessages.$inferSelect;
export type LiveMinuteRow = typeof liveMinutes.$inferSelect;

/** The statuses of a session that is not over. */
export const LIVE_STATUSES = ['requested', 'starting', 'running', 'ending'] as const;

/** The unique index that lets one exclusive (single) chat per performer run. */
export const ACTOR_EXCLUSIVE_INDEX = 'live_sessions_actor_exclusive_unique';
/** The unique index that lets a guest have one paid chat at a time. */
export const GUEST_LIVE_INDEX = 'live_sessions_guest_live_unique';
/** The unique index that lets a guest have one live preview at a time. */
export const GUEST_PREVIEW_INDEX = 'live_sessions_guest_preview_unique';

export interface NewLiveSession {
  id: string;
  guestId: number;
  actorId: number;
  type: string;
  status: string;
  exclusive: boolean;
  state: Record<string, unknown>;
  ownerNode: string;
  leaseMs: number;
  nextDeadline: Date | null;
  /** The guest's idempotency key of the start. */
  startKey?: string | null;
}

export interface LiveStep {
  state: Record<string, unknown>;
  status: string;
  nextDeadline: Date | null;
  exitCode: number | null;
  endedAt: Date | null;
}

export function createLiveRepository(db: Db) {
  const table = liveSessions;
  /** The one session a unique condition names. */
  const sessionWhere = async (condition: SQL | undefined): Promise<LiveSessionRow | undefined> =>
    (await db.select().from(table).where(condition).limit(1))[0];
  return {
    /** Inserts a session at version 0 (a unique violation names the index that refused it). */
    async insertSession(session: NewLiveSession): Promise<LiveSessionRow> {
      const [row] = await db
        .insert(table)
        .values({
          id: session.id,
          guestId: session.guestId,
          actorId: session.actorId,
          type: session.type,
          status: session.status,
          exclusive: session.exclusive,
          state: session.state,
          version: 0,
          ownerNode: session.ownerNode,
          leaseUntil: sql`now() + ${session.leaseMs} * interval '1 millisecond'`,
          nextDeadline: session.nextDeadline,
          startKey: session.startKey ?? null,
        })
        .returning();
      return row!;
    },

    sessionById: (id: string) => sessionWhere(eq(table.id, id)),

    /** The guest's session started with this idempotency key. */
    sessionByStartKey: (guestId: number, startKey: string) =>
      sessionWhere(and(eq(table.guestId, guestId), eq(table.startKey, startKey))),

    /**
     * The node that continues a chat of the performer that is not over (the oldest, its lease not run
     * out): where the performer's media source runs (decision 0038 part 5, one source owner).
     */
    async actorSourceNode(actorId: number): Promise<string | null> {
      const [row] = await db
        .select({ ownerNode: table.ownerNode })
        .from(table)
        .where(
          and(
            eq(table.actorId, actorId),
            inArray(table.status, LIVE_STATUSES),
            sql`${table.leaseUntil} > now()`,
          ),
        )
        .orderBy(table.createdAt)
        .limit(1);
      return row?.ownerNode ?? null;
    },

    /**
     * The guest's newest session with the performer that is not over (of `type` when given): a chat
     * the performer may invite from (show-invitations.ts), a voice call's video (voice-call-sessions.ts).
     */
    async openSessionWith(guestId: number, actorId: number, type?: string): Promise<string | null> {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            eq(table.guestId, guestId),
            eq(table.actorId, actorId),
            inArray(table.status, LIVE_STATUSES),
            type === undefined ? undefined : eq(table.type, type),
          ),
        )
        .orderBy(desc(table.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    /** Whether the performer is in an exclusive chat that is not over (spec 8 906 "host single"). */
    async actorInSingle(actorId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(
          and(eq(table.actorId, actorId), eq(table.exclusive, true), inArray(table.status, LIVE_STATUSES)),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Stores a step: only the owner at the version it read may (a lost lease or a concurrent step
     * updates nothing: false). The lease is renewed with the database clock.
     */
    async storeStep(
      id: string,
      version: number,
      ownerNode: string,
      step: LiveStep,
      leaseMs: number,
    ): Promise<boolean> {
      const updated = await db
        .update(table)
        .set({
          state: step.state,
          status: step.status,
          version: sql`${table.version} + 1`,
          nextDeadline: step.nextDeadline,
          exitCode: step.exitCode,
          endedAt: step.endedAt,
          leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        })
        .where(and(eq(table.id, id), eq(table.version, version), eq(table.ownerNode, ownerNode)))
        .returning({ id: table.id });
      return updated.length === 1;
    },

    /**
     * The sweeper: takes over up to `limit` sessions that are not over and whose owner's lease ran
     * out (database clock), skipping rows another sweeper holds; each claimed row moves to this node
     * at a new version, so the old owner can store no further step.
     */
    async claimExpired(ownerNode: string, leaseMs: number, limit: number): Promise<LiveSessionRow[]> {
      return db
        .update(table)
        .set({
          ownerNode,
          version: sql`${table.version} + 1`,
          leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        })
        .where(
          inArray(
            table.id,
            sql`(select id from live_sessions where status in ('requested', 'starting', 'running', 'ending')
              and lease_until < now() order by lease_until limit ${limit} for update skip locked)`,
          ),
        )
        .returning();
    },

    /** Renews the lease of every session this node owns that is not over; returns how many. */
    async renewLeases(ownerNode: string, leaseMs: number, ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const renewed = await db
        .update(table)
        .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
        .where(
          and(
            eq(table.ownerNode, ownerNode),
            inArray(table.status, LIVE_STATUSES),
            inArray(table.id, [...ids]),
          ),
        )
        .returning({ id: table.id });
      return renewed.length;
    },

    /** Stores a message once per (session, message id): the stored row, or null for a resend. */
    async insertMessage(message: {
      sessionId: string;
      messageId: string;
      sender: 'guest' | 'performer';
      text: string;
      at: Date;
    }): Promise<LiveMessageRow | null> {
      const [row] = await db.insert(liveMessages).values(message).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Records a settled minute once (a replayed charge answer writes nothing more). */
    async recordMinute(minute: Omit<typeof liveMinutes.$inferInsert, 'chargedAt'>): Promise<void> {
      const { sessionId, minuteIndex, paidWith, cents, partial } = minute;
      await db
        .insert(liveMinutes)
        .values({ sessionId, minuteIndex, paidWith, cents, partial })
        .onConflictDoNothing();
    },

    /** The settled minutes of a session, in order. */
    async minutesOf(sessionId: string): Promise<LiveMinuteRow[]> {
      return db
        .select()
        .from(liveMinutes)
        .where(eq(liveMinutes.sessionId, sessionId))
        .orderBy(liveMinutes.minuteIndex);
    },

    /** The guest's rating of a session (survey/chatexit); replaces an earlier one. */
    async rate(sessionId: string, rating: 'BAD' | 'GREAT', at: Date): Promise<void> {
      await db.update(table).set({ rating, ratedAt: at }).where(eq(table.id, sessionId));
    },

    /** Records a used preview unit once per session (its first frame at `usedAt`). */
    async recordPreviewUnit(unit: { sessionId: string; guestId: number; actorId: number; usedAt: Date }) {
      await db.insert(livePreviewUnits).values(unit).onConflictDoNothing();
    },

    /** When the guest's preview units since `since` were used, oldest first. */
    async previewUnitsSince(guestId: number, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ usedAt: livePreviewUnits.usedAt })
        .from(livePreviewUnits)
        .where(and(eq(livePreviewUnits.guestId, guestId), gt(livePreviewUnits.usedAt, since)))
        .orderBy(asc(livePreviewUnits.usedAt));
      return rows.map((row) => row.usedAt);
    },

    /** Records the free chat time an ended free chat used, once per session. */
    async recordFreeChatUse(use: { sessionId: string; guestId: number; day: string; ms: number }) {
      await db.insert(liveFreeChatUses).values(use).onConflictDoNothing();
    },

    /** The free chat time (ms) the guest used on a UTC day (`YYYY-MM-DD`). */
    async freeChatMsUsed(guestId: number, day: string): Promise<number> {
      const [row] = await db
        .select({ ms: sql<string | number>`coalesce(sum(${liveFreeChatUses.ms}), 0)` })
        .from(liveFreeChatUses)
        .where(and(eq(liveFreeChatUses.guestId, guestId), eq(liveFreeChatUses.day, day)));
      return Number(row?.ms ?? 0);
    },

    /** Until when the guest declined the free preview offer, or null. */
    async previewDeclinedUntil(guestId: number): Promise<Date | null> {
      const [row] = await db
        .select({ until: livePreviewDeclines.declinedUntil })
        .from(livePreviewDeclines)
        .where(eq(livePreviewDeclines.guestId, guestId));
      return row?.until ?? null;
    },

    /** Sets (or, with null, clears) the guest's decline of the free preview offer. */
    async setPreviewDeclinedUntil(guestId: number, until: Date | null): Promise<void> {
      if (until === null) {
        await db.delete(livePreviewDeclines).where(eq(livePreviewDeclines.guestId, guestId));
        return;
      }
      await db
        .insert(livePreviewDeclines)
        .values({ guestId, declinedUntil: until })
        .onConflictDoUpdate({ target: livePreviewDeclines.guestId, set: { declinedUntil: until } });
    },

    /** The last `limit` messages of a session, oldest first. */
    async messagesOf(sessionId: string, limit: number): Promise<LiveMessageRow[]> {
      const rows = await db
        .select()
        .from(liveMessages)
        .where(eq(liveMessages.sessionId, sessionId))
        .orderBy(desc(liveMessages.id))
        .limit(limit);
      return rows.reverse();
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
