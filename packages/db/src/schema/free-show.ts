/**
 * Table of the free-show module (apps/server/src/modules/free-show; issue 18, decision 0053): the
 * performers whose free show runs now (spec 4 "free show start/stop"). A row while it runs; the stop
 * deletes it; a show started with a length (the demo's) has `ends_at` and is stopped by then. Only
 * that module imports it.
 */

import { sql } from 'drizzle-orm';
import { index, pgTable } from 'drizzle-orm/pg-core';
import { actorIdColumn } from './catalog.ts';
import { tstz } from './columns.ts';

export const freeShows = pgTable(
  'free_shows',
  {
    actorId: actorIdColumn().primaryKey(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    /** When it stops by itself; null: when the performer stops it. */
    endsAt: tstz('ends_at'),
  },
  (t) => [index('free_shows_ends_idx').on(t.endsAt).where(sql`${t.endsAt} IS NOT NULL`)],
);
