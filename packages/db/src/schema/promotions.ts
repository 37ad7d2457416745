/**
 * Tables of the promotions module (apps/server/src/modules/promotions): vouchers and their keyed
 * uses, bonus codes and their redemptions, and bought items.
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
  unique,
} from 'drizzle-orm/pg-core';
import { actors } from './catalog.ts';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';
import { paymentCharges } from './payments.ts';
import { ledgerTransfers } from './wallet.ts';

/**
 * Vouchers (spec 3 types 1-10: video, videochat, credits, photo album, messages, messenger gift,
 * live show, private show, bonus code, spins). `amount` units were granted, `remaining` are left;
 * `actor_id` null: valid for any performer.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn(),
    type: smallint('type').notNull(),
    actorId: integer('actor_id').references(() => actors.id),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    /** Where it came from: bonus-code, operator, reward, benefit. */
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    expiresAt: tstz('expires_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('vouchers_type', sql`${t.type} between 1 and 10`),
    check('vouchers_amount', sql`${t.amount} > 0`),
    check('vouchers_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
    index('vouchers_guest_idx').on(t.guestId, t.type),
  ],
);

/**
 * One unit of a voucher spent under a caller's key (a chat minute: `live:<session>:<minute>`). The
 * unique key makes a spend idempotent: a replay finds the use and spends nothing more.
 */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherId: bigint('voucher_id', { mode: 'number' })
      .notNull()
      .references(() => vouchers.id),
    guestId: guestIdColumn(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('voucher_uses_key_unique').on(t.idempotencyKey),
    index('voucher_uses_voucher_idx').on(t.voucherId),
  ],
);

/**
 * Bonus codes (spec 3 reward type "bonus code"; spec 5 check before redeem). A code is one-time
 * (max_redemptions 1) or multi-use (a limit, or none); a guest redeems a code at most once.
 * `reward` is the domain's BonusReward (coins, a voucher, ...).
 */
export const bonusCodes = pgTable(
  'bonus_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stored upper-cased. */
    code: text('code').notNull().unique(),
    reward: jsonb('reward').$type<Record<string, unknown>>().notNull(),
    maxRedemptions: integer('max_redemptions'),
    redemptionCount: integer('redemption_count').notNull().default(0),
    /** An "ontop" code adds a bonus to the guest's next top-up instead of crediting at once. */
    onTop: boolean('on_top').notNull().default(false),
    validFrom: tstz('valid_from'),
    validUntil: tstz('valid_until'),
    active: boolean('active').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('bonus_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('bonus_codes_max', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} > 0`),
    check(
      'bonus_codes_count',
      sql`${t.redemptionCount} >= 0 and (${t.maxRedemptions} is null or ${t.redemptionCount} <= ${t.maxRedemptions})`,
    ),
  ],
);

/** A guest's redemption of a bonus code (once per guest and code). */
export const bonusRedemptions = pgTable(
  'bonus_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => bonusCodes.id),
    guestId: guestIdColumn(),
    /** The credit's ledger transfer (coin rewards) or null (voucher rewards, pending on-top bonus). */
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** On-top codes: the charge whose top-up received the bonus (null while waiting for one). */
    chargeId: bigint('charge_id', { mode: 'number' }).references(() => paymentCharges.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('bonus_redemptions_code_guest_unique').on(t.codeId, t.guestId),
    index('bonus_redemptions_guest_idx').on(t.guestId),
  ],
);

/**
 * Items a guest bought (videos, photo albums): paid from the wallet (`transfer_id`) or with a
 * voucher (`voucher_id`). Bought once per guest and item.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn(),
    itemType: text('item_type', { enum: ['video', 'album'] }).notNull(),
    itemId: integer('item_id').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    voucherId: bigint('voucher_id', { mode: 'number' }).references(() => vouchers.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('purchases_item_type', sql`${t.itemType} in ('video', 'album')`),
    check('purchases_paid_once', sql`(${t.transferId} is null) <> (${t.voucherId} is null)`),
    unique('purchases_guest_item_unique').on(t.guestId, t.itemType, t.itemId),
  ],
);
