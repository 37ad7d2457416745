/**
 * Tables of the notifications module (apps/server/src/modules/notifications): guests'
 * notifications (issue 6).
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/**
 * A guest's notification (spec 3: id, unread, unseen; spec 4: unread -> read, unseen -> seen). The
 * page renders its text from `type` and `params` in its own language. Types 6, 7, 13, 14, 15 and 22
 * are stored but never shown (spec 9). `dedupe_key` makes a repeated cause (the same favorite going
 * online twice within the hour, a retried operator call) one notification.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean>>().notNull().default({}),
    url: text('url'),
    unread: boolean('unread').notNull().default(true),
    unseen: boolean('unseen').notNull().default(true),
    dedupeKey: text('dedupe_key'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_guest_newest_idx').on(t.guestId, t.id.desc()),
    index('notifications_guest_unread_idx').on(t.guestId).where(sql`${t.unread}`),
    index('notifications_guest_unseen_idx').on(t.guestId).where(sql`${t.unseen}`),
    uniqueIndex('notifications_guest_dedupe_idx').on(t.guestId, t.dedupeKey),
    check('notifications_type_check', sql`${t.type} between 1 and 99`),
  ],
);
