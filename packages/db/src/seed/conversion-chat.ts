/**
 * Demo performers available for a conversion chat (spec 3 isActorAvailableForConversionChat, issue 18,
 * decision 0047): every actor with an even id, a fixed share with no randomness, inserted with ON
 * CONFLICT DO NOTHING (a second run changes nothing). Answers how many were inserted.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { actors, conversionChatActors } from '../schema.ts';

export async function seedConversionChatActors(db: Db): Promise<number> {
  const rows = await db
    .insert(conversionChatActors)
    .select(
      db
        .select({ actorId: actors.id, since: sql`now()`.as('since') })
        .from(actors)
        .where(sql`${actors.id} % 2 = 0`),
    )
    .onConflictDoNothing()
    .returning({ actorId: conversionChatActors.actorId });
  return rows.length;
}
