/**
 * Tables of the guests module (apps/server/src/modules/guests): guests, their sessions, password
 * reset keys and login transfer tokens.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

/**
 * The kinds of guest rows: `registered` (a person's account) and `voice-caller`, the stand-in of an
 * anonymous voice caller's call (decision 0051): it owns the call's live session; no session, login,
 * password reset or search ever answers it.
 */
export const GUEST_KINDS = ['registered', 'voice-caller'] as const;

/** A registered guest (spec 3). Anonymous visitors have a session but no row here. */
export const guests = pgTable(
  'guests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    screenName: text('screen_name').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    locked: boolean('locked').notNull().default(false),
    restricted: boolean('restricted').notNull().default(false),
    restrictionLevel: smallint('restriction_level').notNull().default(0),
    avsStatus: text('avs_status', { enum: ['unknown', 'pending', 'accepted', 'rejected'] })
      .notNull()
      .default('unknown'),
    avsRejectMessage: text('avs_reject_message'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    newsletterBits: integer('newsletter_bits').notNull().default(0),
    notificationSettings: jsonb('notification_settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    signupOrigin: text('signup_origin'),
    showDataProtection: boolean('show_data_protection').notNull().default(false),
    kind: text('kind', { enum: GUEST_KINDS }).notNull().default('registered'),
  },
  (t) => [
    // A stand-in's screen name ("Caller 1234") may repeat and never takes a person's name.
    uniqueIndex('guests_screen_name_lower_idx')
      .on(sql`lower(${t.screenName})`)
      .where(sql`${t.kind} = 'registered'`),
    uniqueIndex('guests_email_idx').on(t.email),
    check('guests_email_lower', sql`${t.email} = lower(${t.email})`),
    check('guests_kind', sql`${t.kind} in ('registered', 'voice-caller')`),
  ],
);

/**
 * A row's guest, `guest_id` (not null) referencing guests. With `{ onDelete: 'cascade' }` the row
 * goes with the account; without, the row (a money record) keeps the guest from being deleted.
 */
export const guestIdColumn = (actions?: { onDelete: 'cascade' }) =>
  bigint('guest_id', { mode: 'number' })
    .notNull()
    .references(() => guests.id, actions);

/** A visitor's session, anonymous (guest_id null) or logged in. Only the token's SHA-256 is stored. */
export const guestSessions = pgTable(
  'guest_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' }).references(() => guests.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('guest_sessions_guest_idx').on(t.guestId)],
);

/** One-time password reset keys (spec 2: u + key). Only the key's SHA-256 is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('password_resets_guest_idx').on(t.guestId)],
);

/**
 * One-time login transfer tokens: the payment dialog (its own origin) logs a guest in and hands the
 * page a transfer token; `vxpay/onsuccess` on the page origin exchanges it for the session cookie.
 */
export const loginTransfers = pgTable('login_transfers', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' })
    .notNull()
    .references(() => guestSessions.id, { onDelete: 'cascade' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
});
