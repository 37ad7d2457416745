import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { SEED_REFERENCE_DATE } from '@vela/db/seed/seed';
import { createTestDatabase, type TestDatabase, testBackend } from '@vela/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_PAGE_SIZE,
  type CatalogService,
  createCatalogService,
  trendingWindow,
} from '../src/modules/catalog/catalog.service.ts';

// The test seed spreads its dates around the seed reference date: read the catalog at that instant.
const now = () => SEED_REFERENCE_DATE;

let database: TestDatabase;
let catalog: CatalogService;

beforeAll(async () => {
  database = await createTestDatabase();
  catalog = createCatalogService(database.db, now);
});
afterAll(async () => {
  await database?.close();
});

const ids = <T extends { id: number }>(items: T[]) => items.map((i) => i.id);

describe(`catalog service (${testBackend})`, () => {
  it('home: top cams are online actors first, then by ranking; avatars are age rating 16 (spec 9)', async () => {
    const home = await catalog.home('de', null);
    const expected = await queryRows<{ id: number }>(
      database.db,
      sql`select id from actors order by is_online desc, ranking_points desc, id limit 10`,
    );
    expect(home.topCams).toHaveLength(10);
    expect(ids(home.topCams)).toEqual(expected.map((r) => r.id));
    expect(home.topCams[0]!.isOnline).toBe(true);
    const firstOffline = home.topCams.findIndex((a) => !a.isOnline);
    expect(home.topCams.slice(firstOffline).every((a) => !a.isOnline)).toBe(true);
    for (const tile of home.topCams) {
      expect(tile.avatar.ageRating).toBe(16);
      expect(tile.avatar.aspect).toBeCloseTo(3 / 4);
      expect(tile.slug).toBe(tile.name.toLowerCase());
      expect(tile.age).toBeGreaterThanOrEqual(18);
      expect(tile.chatPrice.currency).toBe('EUR');
    }
    const online = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from actors where is_online`,
    );
    expect(home.onlineCount).toBe(online[0]!.n);
  });

  it("video previews carry the preview picture's own age rating, the one the FSK-18 media gate enforces (spec 4, 9)", async () => {
    const home = await catalog.home('en', null);
    const tiles = [...home.newVideos, ...home.videoTrends];
    expect(tiles.length).toBeGreaterThan(0);
    const ratings = await queryRows<{ key: string; age_rating: number }>(
      database.db,
      sql`select key, age_rating from media_images where kind = 'preview'`,
    );
    const byKey = new Map(ratings.map((r) => [r.key, Number(r.age_rating)]));
    for (const tile of tiles) expect(tile.preview.ageRating).toBe(byKey.get(tile.preview.key));
  });

  it('home: new girls are the newest registered female actors', async () => {
    const home = await catalog.home('en', null);
    const expected = await queryRows<{ id: number }>(
      database.db,
      sql`select id from actors where gender = 'F' order by registered_at desc, id desc limit 10`,
    );
    expect(home.newGirls.length).toBeGreaterThan(0);
    expect(home.newGirls.every((a) => a.gender === 'F')).toBe(true);
    expect(ids(home.newGirls)).toEqual(expected.map((r) => r.id));
  });

  it('home: video trends are the most sold videos of the last 8 days (spec 9 trending window)', async () => {
    const home = await catalog.home('en', null);
    const { fromDay, toDay } = trendingWindow(now());
    const expected = await queryRows<{ video_id: number; sales: number }>(
      database.db,
      sql`select video_id, sum(sales)::int as sales from video_sales_daily where day between ${fromDay} and ${toDay} group by video_id order by sum(sales) desc, video_id limit 10`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(home.videoTrends)).toEqual(expected.map((r) => r.video_id));
    // Sales older than the window do not count: a later clock sees none of the seeded sales.
    const later = createCatalogService(database.db, () => new Date(now().getTime() + 40 * 86_400_000));
    expect((await later.home('en', null)).videoTrends).toEqual([]);
  });

  it('home: new videos are newest first with prices in EUR cents', async () => {
    const home = await catalog.home('es', null);
    expect(home.newVideos).toHaveLength(10);
    const dates = home.newVideos.map((v) => v.releasedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const v of home.newVideos) {
      expect(v.price).toEqual({ value: expect.any(Number), currency: 'EUR' });
      expect(v.price.value).toBeLessThanOrEqual(v.basePrice.value);
      expect(v.preview.aspect).toBeCloseTo(16 / 9);
      expect(v.actor.slug).toBe(v.actor.name.toLowerCase());
    }
  });

  it('home: categories with actor counts, contests active then next then last, newest blog posts, TV and SEO', async () => {
    const home = await catalog.home('de', null);
    expect(home.categories).toHaveLength(24);
    expect(home.categories[0]).toMatchObject({ slug: 'blondinen', name: 'Blondinen' });
    const links = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from actor_categories`,
    );
    expect(home.categories.reduce((sum, c) => sum + c.actorCount, 0)).toBe(links[0]!.n);

    expect(home.contests).toHaveLength(6);
    const order = { active: 0, next: 1, last: 2 } as const;
    const ranks = home.contests.map((c) => order[c.state]);
    expect([...ranks].sort()).toEqual(ranks);
    expect(home.contests[0]!.state).toBe('active');
    expect(home.contests.some((c) => c.state === 'next')).toBe(true);
    expect(home.contests.some((c) => c.state === 'last')).toBe(true);

    expect(home.blog).toHaveLength(3);
    const published = home.blog.map((b) => b.publishedAt);
    expect([...published].sort().reverse()).toEqual(published);
    expect(home.tv.length).toBeGreaterThan(0);
    expect(home.tv[0]!.episodeCount).toBeGreaterThan(0);
    expect(home.seo.h1).toBe('Livecams, Videos und mehr');
  });

  it('category page: the slug of each language finds the category, nl uses the en slug (spec 2)', async () => {
    const de = await catalog.categoryPage('de', 'blondinen', 1, null);
    const en = await catalog.categoryPage('en', 'blondes', 1, null);
    const nl = await catalog.categoryPage('nl', 'blondes', 1, null);
    const es = await catalog.categoryPage('es', 'rubias', 1, null);
    for (const page of [de, en, nl, es]) expect(page?.category.id).toBe(de!.category.id);
    expect(nl!.category.name).toBe('Blondjes');
    expect(de!.category.slugs).toEqual({ de: 'blondinen', en: 'blondes', nl: 'blondes', es: 'rubias' });
    // A slug of another language is not a slug of this one.
    expect(await catalog.categoryPage('en', 'blondinen', 1, null)).toBeNull();
    expect(await catalog.categoryPage('de', 'no-such-category', 1, null)).toBeNull();
    expect(de!.seo.h1).toBe('Blondinen');
  });

  it('category page: actors of the category, online first, 30 per page (spec 2)', async () => {
    const page = (await catalog.categoryPage('en', 'blondes', 1, null))!;
    const expected = await queryRows<{ id: number }>(
      database.db,
      sql`select a.id from actors a join actor_categories ac on ac.actor_id = a.id where ac.category_id = ${page.category.id} order by a.is_online desc, a.ranking_points desc, a.id`,
    );
    expect(page.pageSize).toBe(CATEGORY_PAGE_SIZE);
    expect(page.total).toBe(expected.length);
    expect(ids(page.actors)).toEqual(expected.slice(0, 30).map((r) => r.id));
    const beyond = (await catalog.categoryPage('en', 'blondes', 99, null))!;
    expect(beyond.actors).toEqual([]);
    expect(beyond.total).toBe(expected.length);
  });

  it('actor profile: unknown actor is null; the name lookup is case-insensitive (spec 5)', async () => {
    expect(await catalog.actorProfile('en', 'nobody-here', null)).toBeNull();
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select name from actors order by id limit 1`,
    );
    const lower = await catalog.actorProfile('en', row!.name.toLowerCase(), null);
    const upper = await catalog.actorProfile('en', row!.name.toUpperCase(), null);
    expect(lower?.actor.name).toBe(row!.name);
    expect(upper?.actor.id).toBe(lower?.actor.id);
    expect(lower!.actor.prices.single.currency).toBe('EUR');
    expect(lower!.actor.categories.length).toBeGreaterThanOrEqual(2);
    expect(lower!.seo.h1).toBe(row!.name);
  });

  it('actor profile: banned country codes are returned (spec 6) and about-me follows the language', async () => {
    const [row] = await queryRows<{ name_lower: string; banned_country_codes: string[] }>(
      database.db,
      sql`select name_lower, banned_country_codes from actors where cardinality(banned_country_codes) > 0 order by id limit 1`,
    );
    expect(row).toBeDefined();
    const profile = (await catalog.actorProfile('de', row!.name_lower, null))!;
    expect(profile.bannedCountryCodes).toEqual(row!.banned_country_codes);
    const en = (await catalog.actorProfile('en', row!.name_lower, null))!;
    expect(profile.actor.aboutMe).not.toBe(en.actor.aboutMe);
  });

  it('navigation: every category with the slug of the language and the online count', async () => {
    const nav = await catalog.navigation('es');
    expect(nav.categories).toHaveLength(24);
    expect(nav.categories[0]).toMatchObject({ slug: 'rubias', name: 'Rubias' });
    expect(nav.onlineCount).toBe((await catalog.home('es', null)).onlineCount);
  });
});
