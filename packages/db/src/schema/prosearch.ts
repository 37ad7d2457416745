/**
 * Tables of the prosearch module (apps/server/src/modules/prosearch): guests' saved pro actor
 * search filters.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { bigint, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guests } from './guests.ts';

/** A logged-in guest's saved pro actor search filter (actorsearch/init, /search, /filter/delete). */
export const actorSearchFilters = pgTable('actor_search_filters', {
  guestId: bigint('guest_id', { mode: 'number' })
    .primaryKey()
    .references(() => guests.id, { onDelete: 'cascade' }),
  filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
