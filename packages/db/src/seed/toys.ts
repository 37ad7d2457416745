/**
 * Demo performers with a remote-controlled toy (spec 3 isToyControl / isDildocontrolAvailable, issue
 * 18, decision 0052): every third actor (id divisible by 3), the simulated toy; a fixed share with no
 * randomness, inserted with ON CONFLICT DO NOTHING (a second run changes nothing). Answers how many
 * were inserted.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { actors, toys } from '../schema.ts';

export async function seedToys(db: Db): Promise<number> {
  const rows = await db
    .insert(toys)
    .select(
      db
        .select({
          actorId: actors.id,
          provider: sql<string>`'simulated'`.as('provider'),
          registeredAt: sql`now()`.as('registered_at'),
        })
        .from(actors)
        .where(sql`${actors.id} % 3 = 0`),
    )
    .onConflictDoNothing()
    .returning({ actorId: toys.actorId });
  return rows.length;
}
