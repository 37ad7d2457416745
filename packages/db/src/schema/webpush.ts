/**
 * Tables of the webpush module (apps/server/src/modules/webpush): browsers' web push subscriptions
 * (issue 6).
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { bigserial, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/**
 * A browser's web push subscription (spec 7 web-push/*). `token` is the handle the page keeps to
 * resubscribe, update or unsubscribe; the endpoint is the push service's URL for this browser.
 */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    token: text('token').notNull().unique(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull().default('de'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    lastSentAt: tstz('last_sent_at'),
  },
  (t) => [index('web_push_subscriptions_guest_idx').on(t.guestId)],
);
