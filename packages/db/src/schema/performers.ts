/**
 * Tables of the performers module (apps/server/src/modules/performers): chat ratings, the
 * precomputed best chats and cam shows.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { actorIdColumn, actors } from './catalog.ts';
import { tstz } from './columns.ts';
import { guests } from './guests.ts';

/** Chat ratings (spec 3 lastNinetyDays: countRatings, satisfactionRate; shown with at least 10). */
export const chatRatings = pgTable(
  'chat_ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: actorIdColumn(),
    guestId: bigint('guest_id', { mode: 'number' }).references(() => guests.id, { onDelete: 'set null' }),
    satisfied: boolean('satisfied').notNull(),
    createdAt: tstz('created_at').notNull(),
    /**
     * The live chat a guest rated (survey/chatexit, reported by the live module): one rating per chat,
     * a new answer replaces it. Null for ratings from elsewhere (the catalog import).
     */
    liveSessionId: uuid('live_session_id'),
  },
  (t) => [
    index('chat_ratings_actor_created_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('chat_ratings_live_session_unique').on(t.liveSessionId),
  ],
);

/**
 * Best chats precomputed (top cams "bestChats": actors with at least 10 ratings in the last 90 days,
 * most satisfied first): one row per actor with enough ratings since `since`, refreshed by the
 * counters job with the trending list. Read through actor_chat_rates_rank_idx, a page at a time.
 */
export const actorChatRates = pgTable(
  'actor_chat_rates',
  {
    actorId: integer('actor_id')
      .primaryKey()
      .references(() => actors.id, { onDelete: 'cascade' }),
    ratings: integer('ratings').notNull(),
    satisfied: integer('satisfied').notNull(),
    /** satisfied / ratings. */
    rate: doublePrecision('rate').notNull(),
    /** Start of the 90 days counted. */
    since: tstz('since').notNull(),
  },
  (t) => [
    index('actor_chat_rates_rank_idx').on(
      t.rate.desc().nullsFirst(),
      t.ratings.desc().nullsFirst(),
      t.actorId,
    ),
    check('actor_chat_rates_counts_check', sql`${t.satisfied} >= 0 and ${t.satisfied} <= ${t.ratings}`),
  ],
);

/** Chat tickets / cam shows (spec 3): scheduled live shows of an actor. */
export const camShows = pgTable(
  'cam_shows',
  {
    id: serial('id').primaryKey(),
    actorId: actorIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    priceCents: integer('price_cents').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    bonusCode: text('bonus_code'),
    /** Set once when the show is cancelled (its tickets are refunded; listings hide it). */
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    check('cam_shows_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('cam_shows_price_check', sql`${t.priceCents} >= 0`),
    index('cam_shows_starts_idx').on(t.startsAt, t.id),
    index('cam_shows_ends_idx').on(t.endsAt),
    index('cam_shows_actor_starts_idx').on(t.actorId, t.startsAt),
  ],
);
