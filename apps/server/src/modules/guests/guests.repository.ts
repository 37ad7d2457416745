/**
 * All SQL of guests: the `guests`, `guest_sessions`, `password_resets` and `login_transfers` tables
 * (and the rate limit counters' store of infra/rate-limit.ts).
 */
import type { Db } from '@vela/db/client';
import { queryRows } from '@vela/db/client';
import { and, eq, gt, inArray, isNull, ne, or, type SQL, sql } from '@vela/db/orm';
import { guestSessions, guests, loginTransfers, passwordResets } from '@vela/db/schema';
import { createRateLimitStore } from '../../infra/rate-limit.ts';

export type GuestRow = typeof guests.$inferSelect;

/** The money side of a guest (issue 4): wallet balance, paying flag, running subscriptions. */
export interface GuestMoneyState {
  balanceCents: number;
  isPayingCustomer: boolean;
  isVip: boolean;
  isTvSubscriber: boolean;
  /** The open conversion chat countdown's end (ISO), null without one (conversion-chat module). */
  conversionChatCountdownEnds?: string | null;
  /** Spec 3 Guest.isVoicecallActive: the guest is on a voice call now (voicecall module). */
  isVoicecallActive?: boolean;
  /** Spec 3 Guest.boughtGifts: gift id → quantity owned (messenger module). */
  boughtGifts?: Record<string, number>;
}

/**
 * The parts of the money state, each a scalar SQL expression offered by the module that owns its
 * table (wallet: the balance; payments: the paying flag; subscriptions: a running product).
 * `moneyStateOf` selects them together: ONE statement per page view and socket snapshot, and no
 * table of theirs is named here (decision 0030). app.ts wires them.
 */
export interface MoneyStateReads {
  /** The guest wallet's balance in cents, null when the guest has no wallet yet. */
  balanceCents(guestId: number): SQL;
  /** Whether the guest has ever paid money in. */
  isPayingCustomer(guestId: number): SQL;
  /** Whether a subscription of `product` runs (active, or cancelled within its paid period). */
  subscribed(guestId: number, product: 'vip' | 'tv'): SQL;
  /** The open conversion chat countdown's end as ISO text, or null (conversion-chat module). */
  conversionChatCountdownEnds?(guestId: number): SQL;
  /** Whether the guest is on a voice call now (voicecall module). */
  voicecallActive?(guestId: number): SQL;
  /** The gifts the guest owns as a jsonb object gift id → quantity (messenger module). */
  boughtGifts?(guestId: number): SQL;
}
/** A guest's age verification fields (spec 4; the avs module's state of the guest). */
export interface GuestAvsFields {
  id: number;
  avsStatus: GuestRow['avsStatus'];
  avsRejectMessage: string | null;
}

const guestAvsColumns = {
  id: guests.id,
  avsStatus: guests.avsStatus,
  avsRejectMessage: guests.avsRejectMessage,
};

export type SessionRow = typeof guestSessions.$inferSelect;
/**
 * A live session with whether its guest is locked (null: an anonymous session or a deleted guest)
 * and the guest's kind (a voice caller's stand-in never counts as logged in, decision 0051).
 */
export type SessionAuthRow = SessionRow & {
  guestLocked: boolean | null;
  guestKind: GuestRow['kind'] | null;
};
export type PasswordResetRow = typeof passwordResets.$inferSelect;

export interface NewSession {
  guestId: number | null;
  tokenHash: string;
  userAgent: string | null;
  ip: string | null;
}

/** `money`: the owners' parts of moneyStateOf (only app.ts's repository reads the money state). */
export function createGuestsRepository(db: Db, money?: MoneyStateReads) {
  /** The live (not revoked) session matching `where`, with its guest's lock flag (a left join). */
  async function liveSessionAuth(where: SQL): Promise<SessionAuthRow | undefined> {
    const [row] = await db
      .select({ session: guestSessions, guestLocked: guests.locked, guestKind: guests.kind })
      .from(guestSessions)
      .leftJoin(guests, eq(guests.id, guestSessions.guestId))
      .where(and(where, isNull(guestSessions.revokedAt)));
    return row ? { ...row.session, guestLocked: row.guestLocked, guestKind: row.guestKind } : undefined;
  }

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
    /**
     * Balance, paying flag and running subscriptions in one statement, from the parts their owners
     * offer (`money`). A cancelled subscription runs to the end of its paid period, so it still counts
     * until the renewal job ends it.
     */
    async moneyStateOf(guestId: number): Promise<GuestMoneyState> {
      if (!money) throw new Error("moneyStateOf needs the owners' reads: createGuestsRepository(db, money)");
      const [row] = await queryRows<{
        balance_cents: string | number | null;
        paying: boolean;
        vip: boolean;
        tv: boolean;
        conversion_ends: string | null;
        voicecall_active: boolean | null;
        bought_gifts: Record<string, number> | string | null;
      }>(
        db,
        sql`select ${money.balanceCents(guestId)} as balance_cents,
          ${money.isPayingCustomer(guestId)} as paying,
          ${money.subscribed(guestId, 'vip')} as vip,
          ${money.subscribed(guestId, 'tv')} as tv,
          ${money.conversionChatCountdownEnds?.(guestId) ?? sql`null`} as conversion_ends,
          ${money.voicecallActive?.(guestId) ?? sql`null`} as voicecall_active,
          ${money.boughtGifts?.(guestId) ?? sql`null`} as bought_gifts`,
      );
      return {
        balanceCents: Number(row?.balance_cents ?? 0),
        isPayingCustomer: row?.paying === true,
        isVip: row?.vip === true,
        isTvSubscriber: row?.tv === true,
        conversionChatCountdownEnds: row?.conversion_ends ?? null,
        isVoicecallActive: row?.voicecall_active === true,
        boughtGifts:
          typeof row?.bought_gifts === 'string' ? JSON.parse(row.bought_gifts) : (row?.bought_gifts ?? {}),
      };
    },
    /**
     * Row-locks the guest in the caller's transaction `tx` until it ends (another module serialises
     * its work per guest on it); false for an unknown guest.
     */
    async lockGuestIn(tx: Db, guestId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: guests.id })
        .from(guests)
        .where(eq(guests.id, guestId))
        .for('update');
      return row !== undefined;
    },
    /**
     * The guest's age verification fields (spec 4) on `executor`: the avs module reads, locks
     * (`forUpdate`, until its transaction ends) and sets them in the transaction that also writes its
     * request history (decision 0030).
     */
    async avsFieldsIn(
      executor: Db,
      guestId: number,
      options: { forUpdate?: boolean } = {},
    ): Promise<GuestAvsFields | undefined> {
      const query = executor.select(guestAvsColumns).from(guests).where(eq(guests.id, guestId));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },
    async setAvsFieldsIn(
      executor: Db,
      guestId: number,
      status: GuestAvsFields['avsStatus'],
      rejectMessage: string | null,
    ): Promise<void> {
      await executor
        .update(guests)
        .set({ avsStatus: status, avsRejectMessage: rejectMessage })
        .where(eq(guests.id, guestId));
    },
    /**
     * The operator's lock flag (spec 6), set in `tx`, the transaction that ends the guest's sessions
     * (SessionEnder.endGuestSessions); false when there is no such guest.
     */
    async setLockedIn(tx: Db, guestId: number, locked: boolean): Promise<boolean> {
      const rows = await tx
        .update(guests)
        .set({ locked })
        .where(eq(guests.id, guestId))
        .returning({ id: guests.id });
      return rows.length > 0;
    },
    /** Screen names by guest id, in one query (an unknown id is absent). */
    async screenNamesOf(guestIds: readonly number[]): Promise<Map<number, string>> {
      if (guestIds.length === 0) return new Map();
      const rows = await db
        .select({ id: guests.id, screenName: guests.screenName })
        .from(guests)
        .where(inArray(guests.id, [...new Set(guestIds)]));
      return new Map(rows.map((row) => [row.id, row.screenName]));
    },
    /**
     * By screen name (case-insensitive) or email (stored lower-cased); a registered guest only: a
     * voice caller's stand-in (decision 0051) never logs in nor gets a reset mail.
     */
    async guestByLogin(login: string): Promise<GuestRow | undefined> {
      const lower = login.toLowerCase();
      const [row] = await db
        .select()
        .from(guests)
        .where(
          and(
            eq(guests.kind, 'registered'),
            or(sql`lower(${guests.screenName}) = ${lower}`, eq(guests.email, lower)),
          ),
        )
        .limit(1);
      return row;
    },
    async nameOrEmailTaken(screenName: string, email: string): Promise<{ name: boolean; email: boolean }> {
      const rows = await db
        .select({ screenName: guests.screenName, email: guests.email, kind: guests.kind })
        .from(guests)
        .where(or(sql`lower(${guests.screenName}) = ${screenName.toLowerCase()}`, eq(guests.email, email)));
      return {
        // A stand-in's name ("Caller 1234") does not take a person's (the unique index is registered guests').
        name: rows.some(
          (r) => r.kind === 'registered' && r.screenName.toLowerCase() === screenName.toLowerCase(),
        ),
        email: rows.some((r) => r.email === email),
      };
    },
    /** By email (stored lower-cased); a registered guest only (never a voice caller's stand-in). */
    async guestByEmail(email: string): Promise<GuestRow | undefined> {
      const [row] = await db
        .select()
        .from(guests)
        .where(and(eq(guests.kind, 'registered'), eq(guests.email, email.toLowerCase())))
        .limit(1);
      return row;
    },
    /**
     * A new password reset key of a guest; the guest's older unused keys are invalidated (marked used)
     * in the same transaction.
     */
    async replaceResetKey(guestId: number, keyHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.guestId, guestId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ guestId, keyHash, expiresAt });
      });
    },
    /** The reset key of this hash when it belongs to `guestId`, is unused and unexpired. */
    async validResetKey(keyHash: string, guestId: number, now: Date): Promise<PasswordResetRow | undefined> {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.keyHash, keyHash),
            eq(passwordResets.guestId, guestId),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        );
      return row;
    },
    /**
     * Uses a reset key once: marks it used and sets the new password hash. False when the key was no
     * longer valid (a concurrent use). The guest's sessions end in the same transaction: the caller
     * runs this inside `SessionEnder.endGuestSessions` (session-ender.ts).
     */
    async useResetKey(keyId: number, guestId: number, passwordHash: string, now: Date): Promise<boolean> {
      const used = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.id, keyId),
            eq(passwordResets.guestId, guestId),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ id: passwordResets.id });
      if (used.length === 0) return false;
      await db.update(guests).set({ passwordHash }).where(eq(guests.id, guestId));
      return true;
    },
    async insertLoginTransfer(sessionId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(loginTransfers).values({ sessionId, tokenHash, expiresAt });
    },
    /** Uses a login transfer token once: its session id, or null when unknown, used or expired. */
    async useLoginTransfer(tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await db
        .update(loginTransfers)
        .set({ usedAt: now })
        .where(
          and(
            eq(loginTransfers.tokenHash, tokenHash),
            isNull(loginTransfers.usedAt),
            gt(loginTransfers.expiresAt, now),
          ),
        )
        .returning({ sessionId: loginTransfers.sessionId });
      return row?.sessionId ?? null;
    },
    /** A new cookie token for a live session (the old token stops working). */
    async rotateSessionToken(sessionId: number, tokenHash: string): Promise<boolean> {
      const rows = await db
        .update(guestSessions)
        .set({ tokenHash, lastSeenAt: new Date() })
        .where(and(eq(guestSessions.id, sessionId), isNull(guestSessions.revokedAt)))
        .returning({ id: guestSessions.id });
      return rows.length > 0;
    },
    /** Merges `values` into the guest's preferences; the merged preferences. */
    async mergePreferences(
      guestId: number,
      values: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      const [row] = await db
        .update(guests)
        .set({ preferences: sql`${guests.preferences} || ${JSON.stringify(values)}::jsonb` })
        .where(eq(guests.id, guestId))
        .returning({ preferences: guests.preferences });
      return row?.preferences ?? {};
    },
    /** Merges `values` into the guest's notification settings; the merged settings. */
    async mergeNotificationSettings(
      guestId: number,
      values: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      const [row] = await db
        .update(guests)
        .set({
          notificationSettings: sql`${guests.notificationSettings} || ${JSON.stringify(values)}::jsonb`,
        })
        .where(eq(guests.id, guestId))
        .returning({ notificationSettings: guests.notificationSettings });
      return row?.notificationSettings ?? {};
    },
    /** Sets (`on`) or clears newsletter bits atomically; the new bits. */
    async setNewsletterBit(guestId: number, bit: number, on: boolean): Promise<number> {
      const [row] = await db
        .update(guests)
        .set({
          newsletterBits: on
            ? sql`${guests.newsletterBits} | ${bit}::integer`
            : sql`${guests.newsletterBits} & ~${bit}::integer`,
        })
        .where(eq(guests.id, guestId))
        .returning({ newsletterBits: guests.newsletterBits });
      return row?.newsletterBits ?? 0;
    },
    async hideDataProtection(guestId: number): Promise<void> {
      await db.update(guests).set({ showDataProtection: false }).where(eq(guests.id, guestId));
    },
    /** Sets the password hash; false when there is no such guest. */
    async setPasswordHash(guestId: number, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(guests)
        .set({ passwordHash })
        .where(eq(guests.id, guestId))
        .returning({ id: guests.id });
      return rows.length > 0;
    },
    async insertSession(values: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(guestSessions).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /** The live session of a cookie token's hash with its guest's lock flag, in one query. */
    liveSessionAuthByTokenHash(tokenHash: string): Promise<SessionAuthRow | undefined> {
      return liveSessionAuth(eq(guestSessions.tokenHash, tokenHash));
    },
    /** The live session of an access token's session id with its guest's lock flag, in one query. */
    liveSessionAuthById(id: number): Promise<SessionAuthRow | undefined> {
      return liveSessionAuth(eq(guestSessions.id, id));
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
    async liveSessionsOf(guestId: number): Promise<SessionRow[]> {
      return db
        .select()
        .from(guestSessions)
        .where(and(eq(guestSessions.guestId, guestId), isNull(guestSessions.revokedAt)))
        .orderBy(guestSessions.id);
    },
    /** The rate limit counters (infra/rate-limit.ts). */
    rateLimits: createRateLimitStore(db),
  };
}

export type GuestsRepository = ReturnType<typeof createGuestsRepository>;

/** A session that ended, with its guest (null: a visitor's session). */
export interface EndedSession {
  id: number;
  guestId: number | null;
}

/**
 * The only SQL that ends sessions (sets `revoked_at`). Only session-ender.ts uses it: it announces
 * every end to the guest's open pages at once, so no path ends a session silently (decision 0026).
 */
export function createSessionEndRepository(db: Db) {
  const end = (where: SQL | undefined, at: Date): Promise<EndedSession[]> =>
    db
      .update(guestSessions)
      .set({ revokedAt: at })
      .where(and(where, isNull(guestSessions.revokedAt)))
      .returning({ id: guestSessions.id, guestId: guestSessions.guestId });
  return {
    /** Ends one live session (only `ofGuest`'s when given). */
    endSession(id: number, at: Date, ofGuest?: number): Promise<EndedSession[]> {
      return end(
        and(eq(guestSessions.id, id), ofGuest === undefined ? undefined : eq(guestSessions.guestId, ofGuest)),
        at,
      );
    },
    /** Ends every live session of a guest, but `except`. */
    endGuestSessions(guestId: number, at: Date, except?: number): Promise<EndedSession[]> {
      return end(
        and(
          eq(guestSessions.guestId, guestId),
          except === undefined ? undefined : ne(guestSessions.id, except),
        ),
        at,
      );
    },
  };
}

/** What the purge deletes: rows that can no longer authenticate anything (session-purge.job.ts). */
export interface PurgeCutoffs {
  /** Sessions ended before this. */
  endedBefore: Date;
  /** Visitor (anonymous) sessions not seen since this. */
  anonymousIdleBefore: Date;
  /** Any session not seen since this (its cookie has expired). */
  idleBefore: Date;
  /** Reset keys and login transfer tokens used or expired before this. */
  spentBefore: Date;
  /** At most this many rows per statement (short locks on a big table). */
  batch: number;
}

export interface PurgeCounts {
  sessions: number;
  resetKeys: number;
  loginTransfers: number;
}

/** Runs a counted delete statement of at most `batch` rows until one deletes fewer; how many in all. */
async function deleteInBatches(db: Db, statement: (batch: number) => SQL, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number | string }>(db, statement(batch));
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/** The purge's SQL: ended, idle or spent sessions, reset keys and login transfer tokens. */
export function createGuestsPurgeRepository(db: Db) {
  return {
    async purge(cutoffs: PurgeCutoffs): Promise<PurgeCounts> {
      const { batch } = cutoffs;
      // As timestamptz literals: every driver (PGlite, node-postgres) takes the ISO text alike.
      const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
      const endedBefore = at(cutoffs.endedBefore);
      const anonymousIdleBefore = at(cutoffs.anonymousIdleBefore);
      const idleBefore = at(cutoffs.idleBefore);
      const spentBefore = at(cutoffs.spentBefore);
      // Transfer tokens first: a purged session takes its tokens along (on delete cascade).
      /** Deletes the used or expired one-time keys of `table` (row key `key`), a batch at a time. */
      const deleteSpent = (
        table: typeof loginTransfers | typeof passwordResets,
        key: typeof loginTransfers.tokenHash | typeof passwordResets.id,
      ) =>
        deleteInBatches(
          db,
          (n) => sql`with gone as (
            delete from ${table} where ${key} in (
              select ${key} from ${table}
              where ${table.usedAt} < ${spentBefore} or ${table.expiresAt} < ${spentBefore}
              limit ${n})
            returning 1)
          select count(*)::int as n from gone`,
          batch,
        );
      const transfers = await deleteSpent(loginTransfers, loginTransfers.tokenHash);
      const resetKeys = await deleteSpent(passwordResets, passwordResets.id);
      const sessions = await deleteInBatches(
        db,
        (n) => sql`with gone as (
          delete from ${guestSessions} where ${guestSessions.id} in (
            select ${guestSessions.id} from ${guestSessions}
            where ${guestSessions.revokedAt} < ${endedBefore}
              or ${guestSessions.lastSeenAt} < ${idleBefore}
              or (${guestSessions.guestId} is null and ${guestSessions.lastSeenAt} < ${anonymousIdleBefore})
            limit ${n})
          returning 1)
        select count(*)::int as n from gone`,
        batch,
      );
      return { sessions, resetKeys, loginTransfers: transfers };
    },
  };
}
