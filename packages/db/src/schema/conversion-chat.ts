/**
 * Tables of the conversion-chat module (apps/server/src/modules/conversion-chat, issue 18, decision
 * 0047): the guests' trial countdowns and the performers available for a conversion chat (spec 3
 * isActorAvailableForConversionChat). Only that module imports them (docs/decisions/0031).
 */
import { sql } from 'drizzle-orm';
import { check, pgTable } from 'drizzle-orm/pg-core';
import { actorIdColumn } from './catalog.ts';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/** A guest's one conversion chat countdown (spec 3 "conversion chat countdown ends"). */
export const conversionChatCountdowns = pgTable(
  'conversion_chat_countdowns',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }).primaryKey(),
    enabledAt: tstz('enabled_at').notNull().defaultNow(),
    endsAt: tstz('ends_at').notNull(),
    /** When the guest closed it (`disable`, "no thanks"); null while open. */
    closedAt: tstz('closed_at'),
  },
  (t) => [check('conversion_chat_countdowns_ends', sql`${t.endsAt} > ${t.enabledAt}`)],
);

/** Performers available for a conversion chat (spec 3 isActorAvailableForConversionChat). */
export const conversionChatActors = pgTable('conversion_chat_actors', {
  actorId: actorIdColumn().primaryKey(),
  since: tstz('since').notNull().defaultNow(),
});
