/**
 * Upcoming priced cam shows of performers who are online in the seeded data (issue 18: a newcomer in
 * `npm start` can buy a ticket at once). Two shows each for the first three online performers, on
 * the next days after the seed's `now`, with placeholder texts. Deterministic: ids after the random
 * shows, no randomness. The shows a newcomer can attend within minutes are not seeded (a seed ages):
 * the running demo keeps a rolling schedule of them (DEMO_SHOWS, decision 0050 part 7).
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { actors, camShows } from '../schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Performers given ticket shows, and shows each. */
export const TICKET_SHOW_PERFORMERS = 3;
const SLOTS = [
  { afterMs: DAY + 19 * HOUR, priceCents: 499, title: 'Ticket show' },
  { afterMs: 3 * DAY + 20 * HOUR, priceCents: 799, title: 'Ticket show #2' },
] as const;

export async function seedTicketShows(db: Db, nowMs: number, firstId: number): Promise<number> {
  const online = await db
    .select({ id: actors.id })
    .from(actors)
    .where(eq(actors.isOnline, true))
    .orderBy(asc(actors.id))
    .limit(TICKET_SHOW_PERFORMERS);
  const rows = online.flatMap((actor, i) =>
    SLOTS.map((slot, j) => {
      const startsAt = new Date(nowMs + slot.afterMs);
      return {
        id: firstId + i * SLOTS.length + j,
        actorId: actor.id,
        title: slot.title,
        description: 'Placeholder description of a ticket show.',
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        priceCents: slot.priceCents,
        isFree: false,
        isFeatured: j === 0,
        isInternal: false,
        bonusCode: null,
      };
    }),
  );
  if (rows.length > 0) await db.insert(camShows).values(rows).onConflictDoNothing();
  return rows.length;
}
