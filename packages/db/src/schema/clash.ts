/**
 * Tables of the clash module (apps/server/src/modules/clash; issue 18, decision 0053): clash of cams
 * contests (two performers, a voting window), their votes, and the performers of the clashes not over
 * yet. One free vote per logged-in guest per clash, decided by the primary key `(clash_id, guest_id)`;
 * at most one such clash per performer, decided by the primary key of `clash_performers`. Only that
 * module imports them.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { actorIdColumn, actors } from './catalog.ts';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/** A clash of cams: performers A and B, open for votes from `starts_at` until `ends_at`. */
export const clashes = pgTable(
  'clashes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorA: integer('actor_a')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    actorB: integer('actor_b')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    /** The end's final totals were announced (`clashOfCamsVoting` with `ended`); set once. */
    endAnnounced: boolean('end_announced').notNull().default(false),
  },
  (t) => [
    check('clashes_actors_check', sql`${t.actorA} <> ${t.actorB}`),
    check('clashes_window_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('clashes_open_idx').on(t.endsAt).where(sql`${t.endAnnounced} = false`),
  ],
);

/** One guest's vote in a clash, for one of its two performers (the service checks which). */
export const clashVotes = pgTable(
  'clash_votes',
  {
    clashId: bigint('clash_id', { mode: 'number' })
      .notNull()
      .references(() => clashes.id, { onDelete: 'cascade' }),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    votedAt: tstz('voted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clashId, t.guestId] })],
);

/**
 * The performers of each clash whose end is not announced yet: a row per performer, inserted with the
 * clash in one transaction and deleted when its end is announced. The primary key `actor_id` is "at
 * most one running clash per performer": of two parallel starts with the same performer one commits.
 */
export const clashPerformers = pgTable(
  'clash_performers',
  {
    actorId: actorIdColumn().primaryKey(),
    clashId: bigint('clash_id', { mode: 'number' })
      .notNull()
      .references(() => clashes.id, { onDelete: 'cascade' }),
  },
  (t) => [index('clash_performers_clash_idx').on(t.clashId)],
);
