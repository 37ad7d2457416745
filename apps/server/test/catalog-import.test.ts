/**
 * The operator import of actors and albums (issue 5 deliverable 6, spec 7 internal endpoints "import
 * actors/albums"): behind the internal guard, validated item by item (the refusal names the index
 * and the field), one transaction per batch (all or nothing), actors upserted by name.
 */
import { asc, eq, inArray } from '@vela/db/orm';
import {
  actorCategories,
  actors,
  actorTags,
  albums,
  categories,
  mediaImages,
  pictures,
  tags,
} from '@vela/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorImportItem } from './catalog-items.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const TOKEN = 'catalog-import-test-token-abcdefgh';

let t: TestApp;
let imageKey: string;
let categoryIds: number[];
let counter = 0;
const unique = (label: string) => `${label}${++counter}${Math.random().toString(36).slice(2, 6)}`;

function post(
  path: 'actors' | 'albums',
  payload: unknown,
  headers: Record<string, string> = { 'x-internal-token': TOKEN },
) {
  return t.app.inject({
    method: 'POST',
    url: `/rest/v1/internal/catalog/${path}`,
    headers,
    payload: payload as object,
  });
}

function actor(name: string, extra: Record<string, unknown> = {}) {
  return actorImportItem(name, imageKey, {
    spokenLanguages: ['de', 'en'],
    categoryIds: categoryIds.slice(0, 2),
    tags: ['import-tag-a', 'import-tag-b'],
    bannedCountryCodes: ['AT'],
    ...extra,
  });
}

async function actorByName(name: string) {
  const [row] = await t.database.db.select().from(actors).where(eq(actors.nameLower, name.toLowerCase()));
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' } });
  const db = t.database.db;
  const [image] = await db.select({ key: mediaImages.key }).from(mediaImages).limit(1);
  imageKey = image?.key ?? '';
  categoryIds = (
    await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).limit(3)
  ).map((row) => row.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('internal catalog/actors import (spec 7 import actors)', () => {
  it('creates actors with categories, tags, prices and the position of their ZIP code', async () => {
    const berlin = unique('ImpBerlin');
    const placed = unique('ImpPlaced');
    const response = await post('actors', {
      items: [
        actor(berlin, { countryCode: 'DE', zipCode: '10115' }),
        actor(placed, { countryCode: 'DE', zipCode: '80331', lat: 48.1, lon: 11.6, city: 'Munich' }),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data.created).toBe(2);
    expect(data.updated).toBe(0);
    expect(data.ids).toHaveLength(2);
    const row = await actorByName(berlin);
    expect(row?.id).toBe(data.ids[0]);
    expect(row).toMatchObject({
      name: berlin,
      gender: 'F',
      priceSingleCents: 249,
      bannedCountryCodes: ['AT'],
      countryCode: 'DE',
      zipCode: '10115',
      city: 'Berlin',
    });
    expect(row?.lat).toBeCloseTo(52.52, 1);
    expect(row?.lon).toBeCloseTo(13.41, 1);
    // Given lat/lon win over the ZIP's position.
    expect(await actorByName(placed)).toMatchObject({ lat: 48.1, lon: 11.6, city: 'Munich' });
    const linked = await t.database.db
      .select({ categoryId: actorCategories.categoryId })
      .from(actorCategories)
      .where(eq(actorCategories.actorId, data.ids[0]));
    expect(linked.map((r) => r.categoryId).sort()).toEqual(categoryIds.slice(0, 2).sort());
    const tagRows = await t.database.db
      .select({ label: tags.label })
      .from(actorTags)
      .innerJoin(tags, eq(tags.id, actorTags.tagId))
      .where(eq(actorTags.actorId, data.ids[0]));
    expect(tagRows.map((r) => r.label).sort()).toEqual(['import-tag-a', 'import-tag-b']);
  });

  it('upserts by name (case-insensitive): a second import updates the same actor and replaces its links', async () => {
    const name = unique('ImpUpsert');
    const first = (await post('actors', { items: [actor(name)] })).json().data;
    const response = await post('actors', {
      items: [
        actor(name.toUpperCase(), {
          gender: 'M',
          actorType: 'M',
          categoryIds: [categoryIds[2]],
          tags: ['import-tag-c'],
        }),
        actor(unique('ImpNew')),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ created: 1, updated: 1 });
    expect(data.ids[0]).toBe(first.ids[0]);
    const row = await actorByName(name);
    expect(row).toMatchObject({ name: name.toUpperCase(), gender: 'M', actorType: 'M' });
    const linked = await t.database.db
      .select({ categoryId: actorCategories.categoryId })
      .from(actorCategories)
      .where(eq(actorCategories.actorId, first.ids[0]));
    expect(linked.map((r) => r.categoryId)).toEqual([categoryIds[2]]);
    // Only updates: 200.
    expect((await post('actors', { items: [actor(name)] })).statusCode).toBe(200);
  });

  it('an invalid item refuses the whole batch with 400 naming its index and field; nothing is written', async () => {
    const good = unique('ImpGood');
    const cases: [unknown[], string, string][] = [
      [
        [actor(good), actor(unique('ImpBad'), { birthDate: '1995-13-40' })],
        'VALIDATION_ERROR',
        'items[1].birthDate',
      ],
      [[actor(good), actor(unique('ImpBad'), { gender: 'X' })], 'VALIDATION_ERROR', 'items[1].gender'],
      [
        [actor(good), actor(unique('ImpBad'), { prices: { videoCents: -1 } })],
        'VALIDATION_ERROR',
        'items[1].prices',
      ],
      [[actor(good), actor(unique('ImpBad'), { lat: 50 })], 'VALIDATION_ERROR', 'items[1].lat'],
      [
        [actor(good), actor(unique('ImpBad'), { categoryIds: [2_000_000] })],
        'UNKNOWN_CATEGORY',
        'items[1].categoryIds[0]',
      ],
      [
        [actor(good), actor(unique('ImpBad'), { countryCode: 'DE', zipCode: '00000' })],
        'UNKNOWN_ZIP',
        'items[1].zipCode',
      ],
      [[actor(good), actor(good.toLowerCase())], 'DUPLICATE_NAME', 'items[1].name'],
      [[actor(good), actor(unique('ImpBad'), { unknownField: 1 })], 'VALIDATION_ERROR', 'items[1]'],
    ];
    for (const [items, code, where] of cases) {
      const response = await post('actors', { items });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe(code);
      expect(response.json().error.message).toContain(where);
    }
    expect(await actorByName(good)).toBeUndefined();
  });

  it('refuses an avatar key that is not in media_images', async () => {
    const name = unique('ImpNoImage');
    const response = await post('actors', { items: [actor(name, { avatarKey: 'no-such-image-key' })] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'UNKNOWN_IMAGE_KEY' });
    expect(response.json().error.message).toContain('items[0].avatarKey');
    expect(await actorByName(name)).toBeUndefined();
  });

  it('a batch holds 1 to 500 items', async () => {
    expect((await post('actors', { items: [] })).json().error.code).toBe('VALIDATION_ERROR');
    const many = Array.from({ length: 501 }, (_, i) => actor(`ImpMany${i}`));
    const response = await post('actors', { items: many });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('items');
    expect(
      (await post('actors', 'not json at all', { 'x-internal-token': TOKEN, 'content-type': 'text/plain' }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe('internal catalog/albums import (spec 7 import albums)', () => {
  it('creates albums with pictures for an actor given by id or by name', async () => {
    const name = unique('ImpAlbums');
    const actorId = (await post('actors', { items: [actor(name)] })).json().data.ids[0];
    const response = await post('albums', {
      items: [
        {
          actorId,
          type: 'image',
          title: 'Imported album',
          priceCents: 499,
          coverKey: imageKey,
          pictures: [
            { imageKey, ageRating: 16, position: 1 },
            { imageKey, ageRating: 18, position: 2 },
          ],
        },
        { actorName: name.toLowerCase(), type: 'video', title: 'Second', priceCents: 0, coverKey: imageKey },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ created: 2, updated: 0 });
    const rows = await t.database.db.select().from(albums).where(inArray(albums.id, data.ids));
    expect(rows.map((r) => [r.actorId, r.title, r.priceCents]).sort()).toEqual(
      [
        [actorId, 'Imported album', 499],
        [actorId, 'Second', 0],
      ].sort(),
    );
    const pics = await t.database.db
      .select({ ageRating: pictures.ageRating, position: pictures.position })
      .from(pictures)
      .where(eq(pictures.albumId, data.ids[0]))
      .orderBy(asc(pictures.position));
    expect(pics).toEqual([
      { ageRating: 16, position: 1 },
      { ageRating: 18, position: 2 },
    ]);
  });

  it('unknown actor, unknown image key, age rating other than 16/18: 400 naming index and field, nothing written', async () => {
    const name = unique('ImpAlbRef');
    const actorId = (await post('actors', { items: [actor(name)] })).json().data.ids[0];
    const ok = { actorId, type: 'image', title: unique('AlbumOk'), priceCents: 100, coverKey: imageKey };
    const cases: [unknown[], string, string][] = [
      [[ok, { ...ok, actorId: 2_000_000_000 }], 'UNKNOWN_ACTOR', 'items[1].actorId'],
      [
        [ok, { ...ok, actorId: undefined, actorName: 'nobody-here-xyz' }],
        'UNKNOWN_ACTOR',
        'items[1].actorName',
      ],
      [[ok, { ...ok, coverKey: 'missing-cover' }], 'UNKNOWN_IMAGE_KEY', 'items[1].coverKey'],
      [
        [ok, { ...ok, pictures: [{ imageKey: 'missing-pic', ageRating: 18, position: 1 }] }],
        'UNKNOWN_IMAGE_KEY',
        'items[1].pictures[0].imageKey',
      ],
      [
        [ok, { ...ok, pictures: [{ imageKey, ageRating: 12, position: 1 }] }],
        'VALIDATION_ERROR',
        'items[1].pictures[0].ageRating',
      ],
      [[ok, { ...ok, actorName: name }], 'VALIDATION_ERROR', 'items[1].actorId'],
    ];
    for (const [items, code, where] of cases) {
      const response = await post('albums', { items });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe(code);
      expect(response.json().error.message).toContain(where);
    }
    const written = await t.database.db
      .select({ id: albums.id })
      .from(albums)
      .where(eq(albums.title, ok.title));
    expect(written).toEqual([]);
  });
});

describe('the internal guard protects the import', () => {
  it('401 without the token, 403 with a wrong one; nothing is written', async () => {
    const name = unique('ImpGuard');
    const missing = await post('actors', { items: [actor(name)] }, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('INTERNAL_TOKEN_MISSING');
    const wrong = await post('actors', { items: [actor(name)] }, { 'x-internal-token': 'wrong-token' });
    expect(wrong.statusCode).toBe(403);
    expect((await post('albums', { items: [] }, {})).statusCode).toBe(401);
    expect(await actorByName(name)).toBeUndefined();
  });

  it('without INTERNAL_API_TOKEN the import does not exist (404)', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/rest/v1/internal/catalog/actors',
        headers: { 'x-internal-token': TOKEN },
        payload: { items: [] },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
