/**
 * Tables of the pincall module (apps/server/src/modules/pincall): phone number verification by a pin
 * sent over the telephony port (spec 4 "Pin call verification", spec 7 guest service, spec 8 codes
 * 1-10) and the numbers a guest has verified. Only that module imports them; other modules ask it
 * (the voice call module through `createVerifiedPhones`, docs/decisions/0031).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guests } from './guests.ts';

export const PINCALL_TYPES = ['mobile', 'landline'] as const;
export const PINCALL_STATES = ['started', 'verified', 'failed', 'expired'] as const;

/** One verification attempt: the pin is stored only as a keyed hash, never in clear. */
export const pincallVerifications = pgTable(
  'pincall_verifications',
  {
    /** Unguessable id handed to the guest (random, 128 bits, base64url). */
    id: text('id').primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    phoneE164: text('phone_e164').notNull(),
    type: text('type', { enum: PINCALL_TYPES }).notNull(),
    language: text('language').notNull(),
    /** HMAC-SHA256 of the pin (hex), keyed with the server secret and the verification id. */
    pinHash: text('pin_hash').notNull(),
    codeLength: smallint('code_length').notNull(),
    /** Wrong pins entered so far. */
    attempts: smallint('attempts').notNull().default(0),
    state: text('state', { enum: PINCALL_STATES }).notNull().default('started'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    verifiedAt: tstz('verified_at'),
  },
  (t) => [
    check('pincall_verifications_type', sql`${t.type} in ('mobile', 'landline')`),
    check('pincall_verifications_state', sql`${t.state} in ('started', 'verified', 'failed', 'expired')`),
    check('pincall_verifications_code_length', sql`${t.codeLength} between 4 and 8`),
    check('pincall_verifications_attempts', sql`${t.attempts} >= 0`),
    index('pincall_verifications_guest_idx').on(t.guestId, t.createdAt),
    index('pincall_verifications_phone_idx').on(t.phoneE164, t.createdAt),
  ],
);

/** A verified phone number belongs to exactly one guest (spec 8 code 6 "number not unique"). */
export const verifiedPhones = pgTable(
  'verified_phones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phoneE164: text('phone_e164').notNull().unique('verified_phones_phone_unique'),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PINCALL_TYPES }).notNull(),
    verifiedAt: tstz('verified_at').notNull().defaultNow(),
  },
  (t) => [
    check('verified_phones_type', sql`${t.type} in ('mobile', 'landline')`),
    index('verified_phones_guest_idx').on(t.guestId),
  ],
);
