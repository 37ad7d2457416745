/**
 * Tables of the tickets module (apps/server/src/modules/tickets): chat tickets for cam shows
 * (spec 3 chat ticket, issue 18; docs/decisions/0049-chat-tickets.md).
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guests } from './guests.ts';
import { camShows } from './performers.ts';
import { ledgerTransfers } from './wallet.ts';

/**
 * A guest's ticket for one cam show. `bought` is the live ticket (at most one per guest and show:
 * chat_tickets_live_unique); `removed` the guest returned it before the start, `refunded` the show
 * was cancelled; both were refunded through the ledger (transfer `ticket-refund:<id>`).
 */
export const chatTickets = pgTable(
  'chat_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    showId: integer('show_id')
      .notNull()
      .references(() => camShows.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['bought', 'refunded', 'removed'] })
      .notNull()
      .default('bought'),
    priceCents: integer('price_cents').notNull(),
    /** The purchase's ledger transfer (`ticket:<guest>:<show>` + `:<n>` for the n-th re-buy); null when nothing was paid. */
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** The refund's ledger transfer, once refunded. */
    refundTransferId: bigint('refund_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    promoCode: text('promo_code'),
    /** Spec 9: tickets are created as type 'C'. */
    creationType: text('creation_type').notNull().default('C'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    refundedAt: tstz('refunded_at'),
  },
  (t) => [
    uniqueIndex('chat_tickets_live_unique').on(t.guestId, t.showId).where(sql`${t.status} = 'bought'`),
    /** A purchase transfer backs one ticket: a stale key's replay can never make a second, free one. */
    uniqueIndex('chat_tickets_transfer_unique').on(t.transferId),
    uniqueIndex('chat_tickets_refund_transfer_unique').on(t.refundTransferId),
    index('chat_tickets_show_idx').on(t.showId, t.status),
    index('chat_tickets_guest_idx').on(t.guestId, t.createdAt),
    check('chat_tickets_status', sql`${t.status} in ('bought', 'refunded', 'removed')`),
    check('chat_tickets_price', sql`${t.priceCents} >= 0`),
    check('chat_tickets_creation_type', sql`${t.creationType} = 'C'`),
    check('chat_tickets_refund_state', sql`(${t.status} = 'bought') = (${t.refundedAt} is null)`),
  ],
);
