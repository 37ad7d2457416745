/**
 * Tables of the actors module (apps/server/src/modules/actors): the actor profile's heat maps,
 * interviews and guests' notes on an actor.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { actorIdColumn, actors } from './catalog.ts';
import { type LocalizedText, tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/** When an actor is usually online (spec 3 heat maps: heatMaps, hoursToBeOnline, memo). */
export const actorHeatMaps = pgTable('actor_heat_maps', {
  actorId: integer('actor_id')
    .primaryKey()
    .references(() => actors.id, { onDelete: 'cascade' }),
  /** 7 rows (Monday first) of 24 values 0-100, Berlin time. */
  heatMap: jsonb('heat_map').$type<number[][]>().notNull(),
  /** Hours (0-23) the actor plans to be online. */
  hoursToBeOnline: jsonb('hours_to_be_online').$type<number[]>().notNull(),
  memo: jsonb('memo').$type<LocalizedText>(),
});

/** Video interviews of an actor (spec 3; image size 720, duration in seconds). */
export const actorInterviews = pgTable(
  'actor_interviews',
  {
    id: serial('id').primaryKey(),
    actorId: actorIdColumn(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    imageKey: text('image_key').notNull(),
    durationS: integer('duration_s').notNull(),
    publishedAt: tstz('published_at').notNull(),
  },
  (t) => [
    check('actor_interviews_duration_check', sql`${t.durationS} > 0`),
    index('actor_interviews_actor_idx').on(t.actorId, t.publishedAt.desc().nullsFirst()),
    // The media gate finds every use of a media key (docs/decisions/0018, banned countries).
    index('actor_interviews_image_key_idx').on(t.imageKey),
  ],
);

/** A logged-in guest's private note on an actor (getActorNoteById, storeActorNote). */
export const actorNotes = pgTable(
  'actor_notes',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    comment: text('comment').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.actorId] }),
    check('actor_notes_comment_length', sql`char_length(${t.comment}) <= 2000`),
  ],
);
