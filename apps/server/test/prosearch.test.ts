/**
 * Pro actor search (issue 5 deliverable 5; spec 7 actorsearch/init, /search, /filter/delete and
 * utility/getGeoLocationByZip; spec 9 search categories 3 and 88, sort rank or distance) through
 * HTTP against a real database (PGlite, or PostgreSQL when DATABASE_URL is set). The test creates its
 * own actors in its own category, so the seeded catalog never changes the answers.
 */
import { eq, sql } from '@vela/db/orm';
import { actorCategories, actorSearchFilters, categories, mediaImages } from '@vela/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoriesOf } from './factories.ts';
import { nextIp, type SignedUp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.56.x.y). */
const NET = '10.56';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let categoryId: number;
const ids: Record<string, number> = {};
let counter = 0;
const unique = (label: string) => `${label}${++counter}${Math.random().toString(36).slice(2, 6)}`;

function call(who: SignedUp | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/rest/v1/${url}`,
    remoteAddress: nextIp(NET),
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

const search = (who: SignedUp | null, body: object) => call(who, 'POST', 'actorsearch/search', body);
const guest = (label: string) => signUp(t.app, unique(label).slice(0, 30), { ip: nextIp(NET) });
const birth = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

interface Fixture {
  gender: 'F' | 'M' | 'N';
  actorType: 'F' | 'M' | 'FM' | 'FF' | 'S';
  age: number;
  languages: string[];
  online: boolean;
  registeredDaysAgo: number;
  ranking: number;
  at: { lat: number; lon: number; zip: string; city: string } | null;
}

// Distances from ZIP 10115 (Berlin Mitte, the data set's Berlin point 52.52437/13.41053).
const FIXTURES: Record<string, Fixture> = {
  mitte: {
    gender: 'F',
    actorType: 'F',
    age: 24,
    languages: ['de', 'en'],
    online: true,
    registeredDaysAgo: 5,
    ranking: 10,
    at: { lat: 52.532, lon: 13.384, zip: '10115', city: 'Berlin' },
  },
  potsdam: {
    gender: 'F',
    actorType: 'FF',
    age: 31,
    languages: ['de'],
    online: false,
    registeredDaysAgo: 400,
    ranking: 90,
    at: { lat: 52.3989, lon: 13.0657, zip: '14467', city: 'Potsdam' },
  },
  leipzig: {
    gender: 'M',
    actorType: 'M',
    age: 45,
    languages: ['es', 'en'],
    online: true,
    registeredDaysAgo: 10,
    ranking: 50,
    at: { lat: 51.3397, lon: 12.3731, zip: '04109', city: 'Leipzig' },
  },
  munich: {
    gender: 'F',
    actorType: 'F',
    age: 52,
    languages: ['nl'],
    online: false,
    registeredDaysAgo: 90,
    ranking: 70,
    at: { lat: 48.1374, lon: 11.5755, zip: '80331', city: 'München' },
  },
  nowhere: {
    gender: 'N',
    actorType: 'S',
    age: 20,
    languages: ['en'],
    online: false,
    registeredDaysAgo: 2,
    ranking: 30,
    at: null,
  },
};

beforeAll(async () => {
  t = await createTestApp();
  const make = factoriesOf(t, { net: NET });
  const db = t.database.db;
  const [image] = await db.select({ key: mediaImages.key }).from(mediaImages).limit(1);
  if (!image) throw new Error('no media image seeded');
  const slug = unique('prosearch-test');
  const [category] = await db
    .insert(categories)
    .values({
      slugDe: `${slug}-de`,
      slugEn: `${slug}-en`,
      slugEs: `${slug}-es`,
      nameDe: 'Profisuche Test',
      nameEn: 'Pro search test',
      nameNl: 'Pro zoeken test',
      nameEs: 'Prueba búsqueda pro',
      descriptionDe: '-',
      descriptionEn: '-',
      descriptionNl: '-',
      descriptionEs: '-',
      imageKey: image.key,
      sort: 9999,
    })
    .returning({ id: categories.id });
  categoryId = category?.id ?? 0;
  for (const [label, f] of Object.entries(FIXTURES)) {
    const row = await make.buildActor({
      name: unique(`PS${label}`),
      gender: f.gender,
      actorType: f.actorType,
      birthDate: birth(f.age),
      spokenLanguages: f.languages,
      city: f.at?.city ?? null,
      isOnline: f.online,
      rankingPoints: f.ranking,
      registeredAt: new Date(Date.now() - f.registeredDaysAgo * DAY),
      countryCode: f.at ? 'DE' : null,
      zipCode: f.at?.zip ?? null,
      lat: f.at?.lat ?? null,
      lon: f.at?.lon ?? null,
    });
    ids[label] = row.id;
    await db.insert(actorCategories).values({ actorId: ids[label] as number, categoryId });
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const labelsOf = (body: { data: { items: { actor: { id: number } }[] } }) =>
  body.data.items.map((item) => Object.entries(ids).find(([, id]) => id === item.actor.id)?.[0] ?? 'other');

describe('utility/getGeoLocationByZip (spec 3 geoLocation, spec 7)', () => {
  it('answers lat, long, source zip and the town of a German postal code from the offline data set', async () => {
    const response = await call(null, 'GET', 'utility/getGeoLocationByZip/10115');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ source: 'zip', city: 'Berlin', zip: '10115' });
    expect(data.lat).toBeCloseTo(52.52, 1);
    expect(data.long).toBeCloseTo(13.4, 1);
    const munich = (await call(null, 'GET', 'utility/getGeoLocationByZip/80331')).json().data;
    expect(munich.city).toBe('München');
    expect(munich.lat).toBeCloseTo(48.14, 1);
  });

  it('400 INVALID_ZIP for a malformed code, 404 ZIP_NOT_FOUND for a code no place has', async () => {
    for (const zip of ['1011', 'abcde', '101155']) {
      const response = await call(null, 'GET', `utility/getGeoLocationByZip/${zip}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_ZIP');
    }
    const unknown = await call(null, 'GET', 'utility/getGeoLocationByZip/00000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ZIP_NOT_FOUND');
  });
});

describe('actorsearch/init (spec 7; spec 9 default category 3, newly registered 88)', () => {
  it('a visitor gets the filter options and the defaults: category 3, sort rank', async () => {
    const response = await call(null, 'GET', 'actorsearch/init?language=de');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json().data;
    expect(data.saved).toBe(false);
    expect(data.filter).toEqual({ searchCategory: 3, onlineOnly: false, sort: 'rank' });
    expect(data.options.sorts).toEqual(['rank', 'distance']);
    expect(data.options.searchCategories).toEqual([
      { id: 3, key: 'all' },
      { id: 88, key: 'newlyRegistered' },
    ]);
    expect(data.options.categories).toContainEqual({ id: categoryId, name: 'Profisuche Test' });
    expect(data.options.genders).toEqual(['F', 'M', 'N']);
    expect(data.options.languages).toEqual(['de', 'en', 'nl', 'es']);
    expect(data.options.age).toEqual({ min: 18, max: 99 });
    expect(data.options.radiiKm.length).toBeGreaterThan(0);
  });
});

describe('actorsearch/search (spec 7, spec 9 sort rank or distance)', () => {
  it('sort rank: online first, then ranking points; total counts every match', async () => {
    const response = await search(null, { categoryId });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.total).toBe(5);
    expect(labelsOf(body)).toEqual(['leipzig', 'mitte', 'potsdam', 'munich', 'nowhere']);
    expect(body.data.items[0].distanceKm).toBeNull();
    expect(body.data.origin).toBeNull();
  });

  it('filters by gender, actor type, spoken language, age range and online only', async () => {
    const cases: [object, string[]][] = [
      [{ gender: 'F' }, ['mitte', 'potsdam', 'munich']],
      [{ actorType: 'FF' }, ['potsdam']],
      [{ language: 'en' }, ['leipzig', 'mitte', 'nowhere']],
      [{ ageFrom: 30, ageTo: 50 }, ['leipzig', 'potsdam']],
      [{ ageTo: 24 }, ['mitte', 'nowhere']],
      [{ onlineOnly: true }, ['leipzig', 'mitte']],
      [{ gender: 'F', onlineOnly: true, language: 'de' }, ['mitte']],
    ];
    for (const [filter, expected] of cases) {
      const body = (await search(null, { categoryId, ...filter })).json();
      expect(labelsOf(body), JSON.stringify(filter)).toEqual(expected);
      expect(body.data.total).toBe(expected.length);
    }
  });

  it('category 88 finds only actors registered in the last 30 days; category 3 finds all', async () => {
    const recent = (await search(null, { categoryId, searchCategory: 88 })).json();
    expect(labelsOf(recent)).toEqual(['leipzig', 'mitte', 'nowhere']);
    const all = (await search(null, { categoryId, searchCategory: 3 })).json();
    expect(all.data.total).toBe(5);
  });

  it('sort distance: nearest first from the ZIP, with distances in km ascending; actors without a place are left out', async () => {
    const response = await search(null, { categoryId, zip: '10115', sort: 'distance' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(labelsOf(body)).toEqual(['mitte', 'potsdam', 'leipzig', 'munich']);
    const distances = body.data.items.map((item: { distanceKm: number }) => item.distanceKm);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances[0]).toBeLessThan(3);
    expect(distances[1]).toBeGreaterThan(20);
    expect(distances[1]).toBeLessThan(30);
    expect(distances[3]).toBeGreaterThan(480);
    expect(distances[3]).toBeLessThan(520);
    expect(body.data.origin).toMatchObject({ zip: '10115', city: 'Berlin', source: 'zip' });
    expect(body.data.items[0].location).toEqual({ lat: 52.532, lon: 13.384 });
  });

  it('a radius leaves out the actors farther away (bounding box, then exact distance)', async () => {
    const near = (await search(null, { categoryId, zip: '10115', radiusKm: 50, sort: 'distance' })).json();
    expect(labelsOf(near)).toEqual(['mitte', 'potsdam']);
    expect(near.data.total).toBe(2);
    // Sort rank inside the radius, distances still given.
    const ranked = (await search(null, { categoryId, zip: '10115', radiusKm: 200 })).json();
    expect(labelsOf(ranked)).toEqual(['leipzig', 'mitte', 'potsdam']);
    expect(ranked.data.items.every((item: { distanceKm: number }) => item.distanceKm <= 200)).toBe(true);
    const none = (await search(null, { categoryId, zip: '80331', radiusKm: 10, gender: 'M' })).json();
    expect(none.data).toMatchObject({ items: [], total: 0 });
  });

  it('offset and limit page the results; the total stays', async () => {
    const first = (await search(null, { categoryId, zip: '10115', sort: 'distance', limit: 2 })).json();
    const second = (
      await search(null, { categoryId, zip: '10115', sort: 'distance', limit: 2, offset: 2 })
    ).json();
    expect(labelsOf(first)).toEqual(['mitte', 'potsdam']);
    expect(labelsOf(second)).toEqual(['leipzig', 'munich']);
    expect(second.data.total).toBe(4);
  });

  it('sorting by distance needs a ZIP: 400 ZIP_REQUIRED_FOR_DISTANCE', async () => {
    const response = await search(null, { categoryId, sort: 'distance' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('ZIP_REQUIRED_FOR_DISTANCE');
  });

  it('bad input answers 400 with a code and a message', async () => {
    const cases: [object, string][] = [
      [{ zip: '1011' }, 'INVALID_ZIP'],
      [{ zip: 10115 }, 'INVALID_ZIP'],
      [{ zip: '00000' }, 'ZIP_NOT_FOUND'],
      [{ limit: 101 }, 'VALIDATION_ERROR'],
      [{ offset: -1 }, 'VALIDATION_ERROR'],
      [{ sort: 'price' }, 'VALIDATION_ERROR'],
      [{ searchCategory: 4 }, 'VALIDATION_ERROR'],
      [{ ageFrom: 40, ageTo: 30 }, 'VALIDATION_ERROR'],
      [{ ageFrom: 17 }, 'VALIDATION_ERROR'],
      [{ gender: 'X' }, 'VALIDATION_ERROR'],
      [{ radiusKm: 5000, zip: '10115' }, 'VALIDATION_ERROR'],
      [{ radiusKm: 50 }, 'ZIP_REQUIRED_FOR_RADIUS'],
      [{ categoryId: 2_000_000 }, 'UNKNOWN_CATEGORY'],
      [{ colour: 'red' }, 'VALIDATION_ERROR'],
      // In order (decision 0032, ActorSearchBodySchema): paging, then the ZIP, then the filter.
      [{ zip: '1011', limit: 101 }, 'VALIDATION_ERROR'],
      [{ zip: '1011', gender: 'X' }, 'INVALID_ZIP'],
      [{ zip: 10115, colour: 'red' }, 'INVALID_ZIP'],
    ];
    for (const [body, code] of cases) {
      const response = await search(null, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(code === 'ZIP_NOT_FOUND' ? 404 : 400);
      const error = response.json().error;
      expect(error.code, JSON.stringify(body)).toBe(code);
      expect(error.message.length).toBeGreaterThan(0);
    }
  });
});

describe('declared answers (decision 0032)', () => {
  it('init, search and the ZIP lookup answer exactly what the service presents: the contract strips nothing', async () => {
    const { createActorSearch } = await import('../src/modules/catalog/actor-search.ts');
    const { createProSearchRepository } = await import('../src/modules/prosearch/prosearch.repository.ts');
    const { createProSearchService } = await import('../src/modules/prosearch/prosearch.service.ts');
    const service = createProSearchService(
      createProSearchRepository(t.database.db),
      createActorSearch(t.database.db),
    );
    const json = (value: unknown) => JSON.parse(JSON.stringify(value));
    const dataOf = async (
      response: Promise<{ statusCode: number; body: string; json(): { data: unknown } }>,
    ) => {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    expect(await dataOf(call(null, 'GET', 'actorsearch/init?language=de'))).toEqual(
      json(await service.init('de', null)),
    );
    expect(await dataOf(call(null, 'GET', 'utility/getGeoLocationByZip/10115'))).toEqual(
      json(service.geoLocation('10115')),
    );
    const filter = {
      zip: '10115',
      radiusKm: 500,
      searchCategory: 3 as const,
      onlineOnly: false,
      sort: 'distance' as const,
    };
    const found = await dataOf(search(null, { ...filter, limit: 5 }));
    expect((found as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(found).toEqual(json({ ...(await service.search(filter, 0, 5, null)), saved: false }));
  });
});

describe('saved filter (actorsearch/init, /search, /filter/delete; spec 6 own data only)', () => {
  it("a logged-in guest's search is saved and restored by init; another guest and visitors never see it", async () => {
    const mine = await guest('psmine');
    const other = await guest('psother');
    const filter = { categoryId, zip: '10115', radiusKm: 50, sort: 'distance', gender: 'F', ageFrom: 20 };
    expect((await search(mine, filter)).statusCode).toBe(200);
    const restored = (await call(mine, 'GET', 'actorsearch/init')).json().data;
    expect(restored.saved).toBe(true);
    expect(restored.filter).toEqual({ ...filter, searchCategory: 3, onlineOnly: false });
    for (const who of [other, null]) {
      const data = (await call(who, 'GET', 'actorsearch/init')).json().data;
      expect(data.saved).toBe(false);
      expect(data.filter).toEqual({ searchCategory: 3, onlineOnly: false, sort: 'rank' });
    }
    // A visitor's search stores nothing.
    const before = await t.database.db.$count(actorSearchFilters);
    expect((await search(null, { categoryId })).statusCode).toBe(200);
    expect(await t.database.db.$count(actorSearchFilters)).toBe(before);
  });

  it('a refused search changes nothing: the saved filter stays', async () => {
    const me = await guest('psrefused');
    await search(me, { categoryId, onlineOnly: true });
    expect((await search(me, { sort: 'distance' })).statusCode).toBe(400);
    expect((await search(me, { zip: 'nope' })).statusCode).toBe(400);
    const data = (await call(me, 'GET', 'actorsearch/init')).json().data;
    expect(data.filter).toEqual({ categoryId, onlineOnly: true, searchCategory: 3, sort: 'rank' });
  });

  it("filter/delete removes only the caller's filter; init answers the defaults again; visitors get 401", async () => {
    const mine = await guest('psdel');
    const other = await guest('pskeep');
    await search(mine, { categoryId, gender: 'M' });
    await search(other, { categoryId, gender: 'F' });
    const deleted = await call(mine, 'POST', 'actorsearch/filter/delete');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: true });
    expect((await call(mine, 'GET', 'actorsearch/init')).json().data).toMatchObject({
      saved: false,
      filter: { searchCategory: 3, sort: 'rank' },
    });
    expect((await call(other, 'GET', 'actorsearch/init')).json().data.filter.gender).toBe('F');
    // Deleting again: nothing to delete.
    expect((await call(mine, 'POST', 'actorsearch/filter/delete')).json().data).toEqual({ deleted: false });
    const visitor = await call(null, 'POST', 'actorsearch/filter/delete');
    expect(visitor.statusCode).toBe(401);
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)` })
      .from(actorSearchFilters)
      .where(eq(actorSearchFilters.guestId, other.id));
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
