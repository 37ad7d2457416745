/**
 * Tables of the tracker module (apps/server/src/modules/tracker): tracking events.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    sessionKey: text('session_key'),
    eventContext: text('event_context').notNull(),
    eventAction: text('event_action').notNull(),
    eventData: jsonb('event_data').$type<unknown>(),
  },
  (t) => [index('tracking_events_created_idx').on(t.createdAt)],
);
