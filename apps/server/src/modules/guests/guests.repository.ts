/** All SQL of guests: the `guests`, `guest_sessions` and `rate_limit_counters` tables. */
import type { Db } from '@vela/db/client';
import { and, eq, isNull, ne, or, sql } from '@vela/db/orm';
import { guestSessions, guests, rateLimitCounters } from '@vela/db/schema';

export type GuestRow = typeof guests.$inferSelect;
export type SessionRow = typeof guestSessions.$inferSelect;

export interface NewSession {
  guestId: number | null;
  tokenHash: string;
  userAgent: string | null;
  ip: string | null;
}

/** Postgres unique violation, with the constraint that was hit. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    current = e.cause;
  }
  return null;
}

export function createGuestsRepository(db: Db) {
  return {
    async insertGuest(values: {
      screenName: string;
      email: string;
      passwordHash: string;
      signupOrigin: string | null;
    }) {
      const [row] = await db.insert(guests).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async guestById(id: number): Promise<GuestRow | undefined> {
      const [row] = await db.select().from(guests).where(eq(guests.id, id));
      return row;
    },
    /** By screen name (case-insensitive) or email (stored lower-cased). */
    async guestByLogin(login: string): Promise<GuestRow | undefined> {
      const lower = login.toLowerCase();
      const [row] = await db
        .select()
        .from(guests)
        .where(or(sql`lower(${guests.screenName}) = ${lower}`, eq(guests.email, lower)))
        .limit(1);
      return row;
    },
    async nameOrEmailTaken(screenName: string, email: string): Promise<{ name: boolean; email: boolean }> {
      const rows = await db
        .select({ screenName: guests.screenName, email: guests.email })
        .from(guests)
        .where(or(sql`lower(${guests.screenName}) = ${screenName.toLowerCase()}`, eq(guests.email, email)));
      return {
        name: rows.some((r) => r.screenName.toLowerCase() === screenName.toLowerCase()),
        email: rows.some((r) => r.email === email),
      };
    },
    async setPasswordHash(guestId: number, passwordHash: string): Promise<void> {
      await db.update(guests).set({ passwordHash }).where(eq(guests.id, guestId));
    },
    async insertSession(values: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(guestSessions).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async liveSessionByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(guestSessions)
        .where(and(eq(guestSessions.tokenHash, tokenHash), isNull(guestSessions.revokedAt)));
      return row;
    },
    async liveSessionById(id: number): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(guestSessions)
        .where(and(eq(guestSessions.id, id), isNull(guestSessions.revokedAt)));
      return row;
    },
    async touchSession(id: number): Promise<void> {
      await db.update(guestSessions).set({ lastSeenAt: new Date() }).where(eq(guestSessions.id, id));
    },
    async revokeSession(id: number, guestId?: number): Promise<boolean> {
      const rows = await db
        .update(guestSessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(guestSessions.id, id),
            isNull(guestSessions.revokedAt),
            guestId === undefined ? undefined : eq(guestSessions.guestId, guestId),
          ),
        )
        .returning({ id: guestSessions.id });
      return rows.length > 0;
    },
    async revokeOtherSessions(guestId: number, keepSessionId: number): Promise<void> {
      await db
        .update(guestSessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(guestSessions.guestId, guestId),
            ne(guestSessions.id, keepSessionId),
            isNull(guestSessions.revokedAt),
          ),
        );
    },
    async liveSessionsOf(guestId: number): Promise<SessionRow[]> {
      return db
        .select()
        .from(guestSessions)
        .where(and(eq(guestSessions.guestId, guestId), isNull(guestSessions.revokedAt)))
        .orderBy(guestSessions.id);
    },
    /** Current count of a fixed window counter. */
    async counter(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
      return row?.count ?? 0;
    },
    /** Adds one to a fixed window counter; the new count. */
    async increment(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
      return row?.count ?? 1;
    },
  };
}

export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
