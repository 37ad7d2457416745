/**
 * The messenger's demo data (issue 19, docs/decisions/0054-messenger.md): messaging prices for every
 * performer and the gift catalogue. A fixed rule per performer id, no randomness, inserted with ON
 * CONFLICT DO NOTHING (a second run changes nothing):
 * - every fifth performer writes for free (`is_messaging_free`);
 * - of the others, every third gives 3 free messages per channel, the rest 1 (even ids) or none;
 * - a message costs 1 to 4 coins (100-400 cents, by id), during a live chat 1 coin less (at least 1).
 * Gifts: 12, names in de/en/nl/es, 1-20 coins, two VIP-only, pictures from the abstract pool.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { LocalizedText } from '../schema/columns.ts';
import { actors, gifts, messengerActorSettings } from '../schema.ts';

const GIFTS: { name: LocalizedText; coins: number; vip?: boolean; category: number }[] = [
  { name: { de: 'Rose', en: 'Rose', nl: 'Roos', es: 'Rosa' }, coins: 1, category: 1 },
  { name: { de: 'Herz', en: 'Heart', nl: 'Hart', es: 'Corazón' }, coins: 2, category: 1 },
  { name: { de: 'Kuss', en: 'Kiss', nl: 'Kus', es: 'Beso' }, coins: 2, category: 1 },
  { name: { de: 'Blumenstrauß', en: 'Bouquet', nl: 'Boeket', es: 'Ramo de flores' }, coins: 5, category: 1 },
  { name: { de: 'Pralinen', en: 'Chocolates', nl: 'Bonbons', es: 'Bombones' }, coins: 4, category: 2 },
  { name: { de: 'Cocktail', en: 'Cocktail', nl: 'Cocktail', es: 'Cóctel' }, coins: 3, category: 2 },
  { name: { de: 'Champagner', en: 'Champagne', nl: 'Champagne', es: 'Champán' }, coins: 10, category: 2 },
  {
    name: { de: 'Teddybär', en: 'Teddy bear', nl: 'Teddybeer', es: 'Osito de peluche' },
    coins: 6,
    category: 3,
  },
  { name: { de: 'Parfüm', en: 'Perfume', nl: 'Parfum', es: 'Perfume' }, coins: 12, category: 3 },
  { name: { de: 'Stern', en: 'Star', nl: 'Ster', es: 'Estrella' }, coins: 8, category: 3 },
  {
    name: { de: 'Diamant', en: 'Diamond', nl: 'Diamant', es: 'Diamante' },
    coins: 20,
    vip: true,
    category: 4,
  },
  { name: { de: 'Krone', en: 'Crown', nl: 'Kroon', es: 'Corona' }, coins: 15, vip: true, category: 4 },
];

/** Seeds messaging settings and gifts; answers the rows inserted per table. */
export async function seedMessenger(
  db: Db,
  imageKeys: readonly string[],
): Promise<{ messenger_actor_settings: number; gifts: number }> {
  const settings = await db
    .insert(messengerActorSettings)
    .select(
      db
        .select({
          actorId: actors.id,
          freeMessages:
            sql<number>`case when ${actors.id} % 3 = 0 then 3 when ${actors.id} % 2 = 0 then 1 else 0 end`.as(
              'free_messages',
            ),
          messagePriceCents: sql<number>`(1 + ${actors.id} % 4) * 100`.as('message_price_cents'),
          multichatPriceCents: sql<number>`greatest(100, ${actors.id} % 4 * 100)`.as('multichat_price_cents'),
          isMessagingFree: sql<boolean>`${actors.id} % 5 = 0`.as('is_messaging_free'),
        })
        .from(actors),
    )
    .onConflictDoNothing()
    .returning({ actorId: messengerActorSettings.actorId });
  const giftRows = await db
    .insert(gifts)
    .values(
      GIFTS.map((gift, i) => ({
        id: i + 1,
        name: gift.name,
        priceCents: gift.coins * 100,
        imageKey: imageKeys[i % imageKeys.length] ?? 'category-001',
        active: true,
        vip: gift.vip === true,
        categoryId: gift.category,
        sort: i,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: gifts.id });
  // The serial continues after the explicit ids (an operator's gift gets the next one).
  await db.execute(sql`select setval(pg_get_serial_sequence('gifts', 'id'), (select max(id) from gifts))`);
  return { messenger_actor_settings: settings.length, gifts: giftRows.length };
}
