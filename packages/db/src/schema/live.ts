/**
 * Tables of the live module (apps/server/src/modules/live): live chat sessions and their transcript
 * (issue 16, docs/decisions/0038).
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { actorIdColumn } from './catalog.ts';
import { tstz } from './columns.ts';
import { guestIdColumn, guests } from './guests.ts';

/** The statuses of a session that is not over (the engine's `requested` .. `ending`). */
const LIVE = sql`status in ('requested', 'starting', 'running', 'ending')`;

/**
 * One chat session. `state` is the engine's state (packages/domain chat-session.ts, plain JSON);
 * `version` grows with every stored step, and a step is stored only by the owner node at the version
 * it read (`owner_node`, `lease_until`), so two nodes never both continue a session. `status` and
 * `next_deadline` repeat what the state says, for the indexes. The database decides the two races
 * of a start: one exclusive chat per performer, one paid chat per guest at a time.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: uuid('id').primaryKey(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    exclusive: boolean('exclusive').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(0),
    ownerNode: text('owner_node').notNull(),
    leaseUntil: tstz('lease_until').notNull(),
    nextDeadline: tstz('next_deadline'),
    exitCode: smallint('exit_code'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    endedAt: tstz('ended_at'),
    /** The guest's idempotency key of the start (live/start): the same key answers this session. */
    startKey: text('start_key'),
    /** The guest's rating of the ended chat (survey/chatexit, spec 8: BAD, GREAT). */
    rating: text('rating'),
    ratedAt: tstz('rated_at'),
  },
  (t) => [
    check(
      'live_sessions_status_check',
      sql`${t.status} in ('requested', 'starting', 'running', 'ending', 'ended')`,
    ),
    check('live_sessions_rating_check', sql`${t.rating} in ('BAD', 'GREAT')`),
    // A start's idempotency key names one session of the guest.
    uniqueIndex('live_sessions_guest_start_key_unique').on(t.guestId, t.startKey),
    // The sweeper: sessions whose owner's lease ran out.
    index('live_sessions_status_lease_idx').on(t.status, t.leaseUntil),
    // One single (exclusive) chat per performer while it is not over.
    uniqueIndex('live_sessions_actor_exclusive_unique').on(t.actorId).where(sql`${t.exclusive} and ${LIVE}`),
    // One paid chat per guest at a time (previews apart).
    uniqueIndex('live_sessions_guest_live_unique')
      .on(t.guestId)
      .where(sql`${LIVE} and ${t.type} <> 'live-preview'`),
    // One live preview per guest at a time: its preview unit is counted before the next may start.
    uniqueIndex('live_sessions_guest_preview_unique')
      .on(t.guestId)
      .where(sql`${LIVE} and ${t.type} = 'live-preview'`),
  ],
);

/** The session a row belongs to (the row goes with the session). */
const sessionIdColumn = () =>
  uuid('session_id')
    .notNull()
    .references(() => liveSessions.id, { onDelete: 'cascade' });

/** The transcript of a session (a reload re-reads the last messages). */
export const liveMessages = pgTable(
  'live_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: sessionIdColumn(),
    sender: text('sender').notNull(),
    text: text('text').notNull(),
    at: tstz('at').notNull().defaultNow(),
    /** Chosen by the guest's page (or the server for a performer's): a resent message is stored once. */
    messageId: uuid('message_id').notNull().defaultRandom(),
  },
  (t) => [
    check('live_messages_sender_check', sql`${t.sender} in ('guest', 'performer')`),
    index('live_messages_session_idx').on(t.sessionId, t.id),
    uniqueIndex('live_messages_session_message_unique').on(t.sessionId, t.messageId),
  ],
);

/**
 * The settled minutes of a session as the billing loop charged them (the receipt): one row per
 * (session, minute), written after the charge's answer (the ledger transfer `live:<session>:<i>`, or
 * one chat-minute voucher unit under that key); a replayed answer writes nothing more.
 */
export const liveMinutes = pgTable(
  'live_minutes',
  {
    sessionId: sessionIdColumn(),
    minuteIndex: integer('minute_index').notNull(),
    paidWith: text('paid_with').notNull(),
    cents: integer('cents').notNull(),
    partial: boolean('partial').notNull(),
    chargedAt: tstz('charged_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.minuteIndex] }),
    check('live_minutes_paid_with_check', sql`${t.paidWith} in ('coins', 'voucher')`),
    check('live_minutes_cents_check', sql`${t.cents} >= 0 and ${t.minuteIndex} >= 0`),
  ],
);

/**
 * The live preview units a guest used (spec 6 "live preview limit 5 units (20 VIP)", decision 0038
 * part 9): one row per preview whose first frame reached the guest (the engine's `usePreviewUnit`,
 * at that moment), once per session. A start counts the rows of the last hour.
 */
export const livePreviewUnits = pgTable(
  'live_preview_units',
  {
    sessionId: sessionIdColumn().primaryKey(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    usedAt: tstz('used_at').notNull(),
  },
  (t) => [index('live_preview_units_guest_idx').on(t.guestId, t.usedAt)],
);

/**
 * Free chat time a guest used (spec 3 Guest "free chat durations"): one row per ended free chat,
 * its delivered media in ms, on the UTC day it started. A guest's free chat time left today is the
 * daily allowance (LIVE_FREE_CHAT_MS_PER_DAY) minus the day's rows.
 */
export const liveFreeChatUses = pgTable(
  'live_free_chat_uses',
  {
    sessionId: sessionIdColumn().primaryKey(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ms: integer('ms').notNull(),
  },
  (t) => [
    check('live_free_chat_uses_ms_check', sql`${t.ms} >= 0`),
    index('live_free_chat_uses_guest_day_idx').on(t.guestId, t.day),
  ],
);

/** A guest's "no thanks" to the free preview offer (spec 7 free preview decline): no offer modal until then. */
export const livePreviewDeclines = pgTable('live_preview_declines', {
  guestId: bigint('guest_id', { mode: 'number' })
    .primaryKey()
    .references(() => guests.id, { onDelete: 'cascade' }),
  declinedUntil: tstz('declined_until').notNull(),
});

/**
 * Tips sent in a session (issue 18, decision 0052; spec 5 "tip sent in coins"): one row per
 * (session, tipId), written in the same transaction as its ledger transfer `tip:<session>:<tipId>`
 * (kind `tip`), so a tip shown in the chat and the receipt is always paid, and a resent tip is one.
 */
export const liveTips = pgTable(
  'live_tips',
  {
    sessionId: sessionIdColumn(),
    tipId: uuid('tip_id').notNull(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    coins: integer('coins').notNull(),
    cents: integer('cents').notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.tipId] }),
    check('live_tips_amount_check', sql`${t.coins} > 0 and ${t.cents} > 0`),
    index('live_tips_session_idx').on(t.sessionId, t.at),
  ],
);
