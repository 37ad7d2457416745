import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { actors, videos } from '../schema.ts';
import { createEmptyTestDatabase, testBackend } from '../testing.ts';
import { isDatabaseEmpty, SIZES, seedDatabase } from './seed.ts';

async function digest(database: Database): Promise<string> {
  const a = await database.db.select().from(actors).orderBy(asc(actors.id));
  const v = await database.db.select().from(videos).orderBy(asc(videos.id));
  return createHash('sha256')
    .update(JSON.stringify([a, v]))
    .digest('hex');
}

async function seeded(seed: number, mediaDir: string) {
  const database = await createEmptyTestDatabase();
  await migrateDatabase(database);
  expect(await isDatabaseEmpty(database)).toBe(true);
  const report = await seedDatabase(database, { size: 'test', seed, mediaDir });
  return { database, report };
}

describe(`seed (${testBackend})`, () => {
  it('the same seed gives the same actors and videos; another seed gives different ones', async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), 'vela-seed-test-'));
    const first = await seeded(42, mediaDir);
    const second = await seeded(42, mediaDir);
    const other = await seeded(7, mediaDir);
    try {
      const [d1, d2, d3] = await Promise.all([first, second, other].map((s) => digest(s.database)));
      expect(d1).toBe(d2);
      expect(d3).not.toBe(d1);
      // Images of the second run were already there.
      expect(second.report.images.written).toBe(0);
    } finally {
      await Promise.all([first, second, other].map((s) => s.database.close()));
    }
  });

  it('the test size has the documented counts, every spec blog category and texts in 4 languages', async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), 'vela-seed-test-'));
    const { database, report } = await seeded(42, mediaDir);
    try {
      expect(await isDatabaseEmpty(database)).toBe(false);
      expect(report.counts.actors).toBe(SIZES.test.actors);
      expect(report.counts.videos).toBe(SIZES.test.videos);
      expect(report.counts.albums).toBe(SIZES.test.albums);
      expect(report.counts.categories).toBe(24);
      const count = async (q: ReturnType<typeof sql>) =>
        Number((await queryRows<{ n: number }>(database.db, q))[0]!.n);
      expect(await count(sql`select count(*)::int as n from actors`)).toBe(40);
      expect(
        (
          await queryRows<{ c: number }>(
            database.db,
            sql`select distinct category_id as c from blog_posts order by 1`,
          )
        ).map((r) => r.c),
      ).toEqual([1, 38, 39, 40, 41, 43, 44, 45, 46, 506]);
      // Albums have 4–12 pictures each.
      expect(
        await count(
          sql`select count(*)::int as n from (select album_id, count(*) c from pictures group by album_id) x where c < 4 or c > 12`,
        ),
      ).toBe(0);
      // PP, GTC, IMP in de, en, nl, es.
      expect(await count(sql`select count(distinct (type, language))::int as n from legal_texts`)).toBe(12);
      // SEO texts for Home, every category and every actor in 4 languages.
      expect(await count(sql`select count(*)::int as n from seo_texts`)).toBe((1 + 24 + 40) * 4);
      // Actors are adults (18–60) with 1–3 spoken languages.
      expect(
        await count(
          sql`select count(*)::int as n from actors where birth_date > date '2026-11-01' - interval '18 years' or cardinality(spoken_languages) not between 1 and 3`,
        ),
      ).toBe(0);
      // Contests: some past, some running, some upcoming relative to the reference date.
      const states = await queryRows<{ state: string }>(
        database.db,
        sql`select distinct case when ends_at <= '2026-11-01T00:00Z' then 'last' when starts_at > '2026-11-01T00:00Z' then 'next' else 'active' end as state from contests order by 1`,
      );
      expect(states.map((s) => s.state)).toEqual(['active', 'last', 'next']);
    } finally {
      await database.close();
    }
  });
});
