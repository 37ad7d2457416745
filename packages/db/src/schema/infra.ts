/**
 * Tables of apps/server/src/infra (no feature module): the rate limit counters. Only infra imports
 * them (docs/decisions/0031, enforced by apps/server/test/table-ownership.test.ts).
 */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

/**
 * Fixed-window counters of the rate limits (apps/server/src/infra/rate-limit.ts), keyed by limit and
 * subject. A row is dead once its window has ended (`expires_at`); the prune job deletes it.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: tstz('window_start').notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_expires_idx').on(t.expiresAt),
  ],
);
