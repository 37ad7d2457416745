/**
 * Table of the free-show module (apps/server/src/modules/free-show; issue 18, decision 0053): the
 * performers whose free show runs now (spec 4 "free show start/stop"). A row while it runs; the stop
 * deletes it. Only that module imports it.
 */

import { pgTable } from 'drizzle-orm/pg-core';
import { actorIdColumn } from './catalog.ts';
import { tstz } from './columns.ts';

export const freeShows = pgTable('free_shows', {
  actorId: actorIdColumn().primaryKey(),
  startedAt: tstz('started_at').notNull().defaultNow(),
});
