/**
 * Tables of the toys module (apps/server/src/modules/toys; issue 18, decision 0052): which performers
 * have a remote-controlled toy, and the log of every toy action a guest paid for. Only that module
 * imports them; other modules ask it (docs/decisions/0031).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { actorIdColumn } from './catalog.ts';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/** A performer's registered toy (spec 3 `isDildocontrolAvailable` / `isToyControl`): one per performer. */
export const toys = pgTable('toys', {
  actorId: actorIdColumn().primaryKey(),
  /** The integration that drives it: `simulated` in the demo (a Lovense-style API later). */
  provider: text('provider').notNull().default('simulated'),
  registeredAt: tstz('registered_at').notNull().defaultNow(),
});

/**
 * One toy action a guest paid for: charged (ledger `toy:<context>:<actionId>`, kind `toy`) in the
 * transaction that writes this row, then the toy command; a command the toy refused is refunded once
 * (`status` `refunded`, `refund_transfer_id`). `(context, action_id)` unique: a resent action is one.
 */
export const toyActions = pgTable(
  'toy_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: actorIdColumn(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    /** Where it was sent from: `live:<sessionId>` (later a messenger conversation). */
    context: text('context').notNull(),
    actionId: uuid('action_id').notNull(),
    preset: text('preset').notNull(),
    level: integer('level').notNull(),
    durationMs: integer('duration_ms').notNull(),
    cents: integer('cents').notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    refundTransferId: bigint('refund_transfer_id', { mode: 'number' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('toy_actions_context_action_unique').on(t.context, t.actionId),
    index('toy_actions_actor_idx').on(t.actorId, t.createdAt),
    check('toy_actions_status_check', sql`${t.status} in ('done', 'refunded')`),
    check(
      'toy_actions_level_check',
      sql`${t.level} between 1 and 20 and ${t.durationMs} > 0 and ${t.cents} > 0`,
    ),
  ],
);
