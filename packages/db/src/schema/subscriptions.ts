/**
 * Tables of the subscriptions module (apps/server/src/modules/subscriptions): VIP club and TV
 * subscriptions and their paid periods.
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
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';
import { ledgerTransfers } from './wallet.ts';

/**
 * VIP club and TV subscriptions (spec 3 VIP update, spec 6 roles). At most one running
 * subscription per guest and product; `current_period_end` is when the next renewal is due.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn(),
    product: text('product', { enum: ['vip', 'tv'] }).notNull(),
    /** active: renews; cancelled: runs to the end of the period, then ends; ended: over. */
    status: text('status', { enum: ['active', 'cancelled', 'ended'] })
      .notNull()
      .default('active'),
    trial: boolean('trial').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    currentPeriodStart: tstz('current_period_start').notNull(),
    currentPeriodEnd: tstz('current_period_end').notNull(),
    cancelledAt: tstz('cancelled_at'),
    endedAt: tstz('ended_at'),
    /** When the guest took the cancellation offer (guest/acceptCancellationOffer). */
    offerAcceptedAt: tstz('offer_accepted_at'),
    endReason: text('end_reason'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_product', sql`${t.product} in ('vip', 'tv')`),
    check('subscriptions_status', sql`${t.status} in ('active', 'cancelled', 'ended')`),
    check('subscriptions_price', sql`${t.priceCents} >= 0`),
    uniqueIndex('subscriptions_running_idx')
      .on(t.guestId, t.product)
      .where(sql`${t.status} in ('active', 'cancelled')`),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/**
 * One paid period of a subscription. (subscription_id, period_index) is unique and the ledger
 * transfer's key is `subscription:<id>:<index>`: a renewal job that runs twice charges once.
 * `value_cents` is the VIP30 value of the period (the vip30 value history).
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => subscriptions.id),
    periodIndex: integer('period_index').notNull(),
    periodStart: tstz('period_start').notNull(),
    periodEnd: tstz('period_end').notNull(),
    chargedCents: bigint('charged_cents', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('subscription_periods_index_unique').on(t.subscriptionId, t.periodIndex),
    check('subscription_periods_charged', sql`${t.chargedCents} >= 0`),
  ],
);
