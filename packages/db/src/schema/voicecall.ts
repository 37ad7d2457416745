/**
 * Tables of the voicecall module (apps/server/src/modules/voicecall, decision 0051): the voice calls
 * the telephony provider reports, with the anonymous caller's access token (stored as a hash) and the
 * browser session that entered it. Only that module imports them (docs/decisions/0031).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { actors } from './catalog.ts';
import { tstz } from './columns.ts';
import { guestSessions, guests } from './guests.ts';

export const VOICE_CALL_STATUSES = ['active', 'ended'] as const;

export const voiceCalls = pgTable(
  'voice_calls',
  {
    /** Our id (random uuid); pages only ever see its HMAC (`voicecallIdHash`). */
    id: text('id').primaryKey(),
    /** The provider's call id: a repeated webhook of the same call finds this row. */
    providerCallId: text('provider_call_id').notNull().unique('voice_calls_provider_call_unique'),
    fromE164: text('from_e164').notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    /** The guest whose verified number called; null: the anonymous voice caller. */
    guestId: bigint('guest_id', { mode: 'number' }).references(() => guests.id, { onDelete: 'cascade' }),
    status: text('status', { enum: VOICE_CALL_STATUSES }).notNull().default('active'),
    /** SHA-256 of the anonymous caller's access token (null for a guest's call). */
    tokenHash: text('token_hash'),
    /** The browser session that entered the token (the anonymous voice caller's). */
    claimedSessionId: bigint('claimed_session_id', { mode: 'number' }).references(() => guestSessions.id, {
      onDelete: 'set null',
    }),
    /** The telephony provider checked the caller's age on this line (an age-verified premium line). */
    lineAgeVerified: boolean('line_age_verified').notNull().default(false),
    /**
     * The anonymous caller's stand-in guest (kind `voice-caller`, the guests module's port), created
     * when a session entered the token (2000): it owns the call's live session (decision 0051).
     */
    callerGuestId: bigint('caller_guest_id', { mode: 'number' }).references(() => guests.id, {
      onDelete: 'set null',
    }),
    startedAt: tstz('started_at').notNull(),
    endedAt: tstz('ended_at'),
    /** Spec 8: 903 hangup, 904 a new call of the same caller. */
    exitCode: smallint('exit_code'),
    billedMinutes: integer('billed_minutes'),
    billedCents: integer('billed_cents'),
  },
  (t) => [
    check('voice_calls_status', sql`${t.status} in ('active', 'ended')`),
    check('voice_calls_exit_code', sql`${t.exitCode} is null or ${t.exitCode} in (903, 904)`),
    check(
      'voice_calls_ended_consistent',
      sql`(${t.status} = 'ended') = (${t.endedAt} is not null and ${t.exitCode} is not null)`,
    ),
    check('voice_calls_billed', sql`${t.billedCents} is null or ${t.billedCents} >= 0`),
    check('voice_calls_caller', sql`(${t.guestId} is null) = (${t.tokenHash} is not null)`),
    // Only an anonymous call has a stand-in (created when a session entered its token).
    check('voice_calls_stand_in', sql`${t.callerGuestId} is null or ${t.guestId} is null`),
    // A token names one running call (an ended call's token may come again: the newest row answers).
    uniqueIndex('voice_calls_token_unique').on(t.tokenHash).where(sql`${t.status} = 'active'`),
    index('voice_calls_token_idx').on(t.tokenHash, t.startedAt),
    // One running call per guest and per calling number: a new call ends the old one (904) first.
    uniqueIndex('voice_calls_guest_active_unique')
      .on(t.guestId)
      .where(sql`${t.status} = 'active' and ${t.guestId} is not null`),
    uniqueIndex('voice_calls_from_active_unique').on(t.fromE164).where(sql`${t.status} = 'active'`),
    index('voice_calls_session_idx').on(t.claimedSessionId),
    uniqueIndex('voice_calls_stand_in_unique').on(t.callerGuestId),
    index('voice_calls_actor_idx').on(t.actorId, t.status),
  ],
);
