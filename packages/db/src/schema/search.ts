/**
 * Tables of the search module (apps/server/src/modules/search): guests' last searches and how
 * often a pattern was searched.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/** A logged-in guest's last searches (GraphQL storeSearchPattern, "last searches"). */
export const searchPatterns = pgTable(
  'search_patterns',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    searchedAt: tstz('searched_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.pattern] }),
    index('search_patterns_guest_searched_idx').on(t.guestId, t.searchedAt.desc().nullsFirst()),
    check('search_patterns_length', sql`char_length(${t.pattern}) between 3 and 100`),
  ],
);

/** How often a pattern was searched (suggestions: popular searches that start with the input). */
export const searchStats = pgTable(
  'search_stats',
  {
    patternLower: text('pattern_lower').primaryKey(),
    count: integer('count').notNull().default(0),
    lastAt: tstz('last_at').notNull().defaultNow(),
  },
  (t) => [index('search_stats_count_idx').on(t.count.desc().nullsFirst())],
);
