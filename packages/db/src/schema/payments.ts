/**
 * Tables of the payments module (apps/server/src/modules/payments): payment methods and charges at
 * the (sandbox) provider, its callbacks and the guest's one-click / auto-recharge / spending-limit
 * settings.
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
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guestIdColumn, guests } from './guests.ts';
import { ledgerTransfers } from './wallet.ts';

/** A stored means of payment at the provider (a card token or a SEPA mandate); one active per paytype. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn(),
    paytype: text('paytype', { enum: ['CC', 'LS'] }).notNull(),
    /** What the guest sees, e.g. "Visa •••• 4242" or "DE89 •••• 3000" (never a full number). */
    label: text('label').notNull(),
    /** The provider's token or mandate reference. */
    providerRef: text('provider_ref').notNull(),
    status: text('status', { enum: ['active', 'replaced'] })
      .notNull()
      .default('active'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_methods_paytype', sql`${t.paytype} in ('CC', 'LS')`),
    check('payment_methods_status', sql`${t.status} in ('active', 'replaced')`),
    uniqueIndex('payment_methods_active_idx').on(t.guestId, t.paytype).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * A charge at the payment provider: money the guest pays from outside. When it succeeds, one
 * ledger top-up (provider clearing -> guest wallet) is written with idempotency key
 * `charge:<id>`, so a repeated callback never credits twice. (guest_id, idempotency_key) makes a
 * retried client request return the same charge.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id the dialog and the provider callbacks use (random, not guessable). */
    publicId: text('public_id').notNull().unique(),
    guestId: guestIdColumn(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The dialog flow that started it (moneycharge, trialmoneycharge, oneclick, autorecharge, ...). */
    flow: text('flow').notNull(),
    paytype: text('paytype', { enum: ['CC', 'LS', 'Voice', 'carrier'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', {
      enum: ['created', 'requires_action', 'pending', 'succeeded', 'declined', 'failed'],
    })
      .notNull()
      .default('created'),
    declineCode: text('decline_code'),
    methodId: bigint('method_id', { mode: 'number' }).references(() => paymentMethods.id),
    providerRef: text('provider_ref'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_charges_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_charges_paytype', sql`${t.paytype} in ('CC', 'LS', 'Voice', 'carrier')`),
    check(
      'payment_charges_status',
      sql`${t.status} in ('created', 'requires_action', 'pending', 'succeeded', 'declined', 'failed')`,
    ),
    check(
      'payment_charges_succeeded_has_transfer',
      sql`(${t.status} = 'succeeded') = (${t.transferId} is not null)`,
    ),
    unique('payment_charges_guest_key_unique').on(t.guestId, t.idempotencyKey),
    index('payment_charges_guest_idx').on(t.guestId, t.createdAt),
  ],
);

/** Provider callbacks as received (signed with HMAC); `event_id` makes a repeated delivery a no-op. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    chargeId: bigint('charge_id', { mode: 'number' })
      .notNull()
      .references(() => paymentCharges.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [index('payment_callbacks_charge_idx').on(t.chargeId)],
);

/** The guest's money settings: one-click, auto-recharge (threshold and amount) and a spending limit. */
export const walletSettings = pgTable(
  'wallet_settings',
  {
    guestId: bigint('guest_id', { mode: 'number' })
      .primaryKey()
      .references(() => guests.id),
    oneClickEnabled: boolean('one_click_enabled').notNull().default(false),
    autoRechargeEnabled: boolean('auto_recharge_enabled').notNull().default(false),
    autoRechargeThresholdCents: bigint('auto_recharge_threshold_cents', { mode: 'number' })
      .notNull()
      .default(500),
    autoRechargeAmountCents: bigint('auto_recharge_amount_cents', { mode: 'number' }).notNull().default(2000),
    /** Top-ups per calendar month (Europe/Berlin) may not exceed this; null: no limit. */
    monthlyLimitCents: bigint('monthly_limit_cents', { mode: 'number' }),
    autoRechargeTeaserMode: text('auto_recharge_teaser_mode'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('wallet_settings_threshold', sql`${t.autoRechargeThresholdCents} >= 0`),
    check('wallet_settings_amount', sql`${t.autoRechargeAmountCents} > 0`),
    check('wallet_settings_limit', sql`${t.monthlyLimitCents} is null or ${t.monthlyLimitCents} > 0`),
  ],
);
