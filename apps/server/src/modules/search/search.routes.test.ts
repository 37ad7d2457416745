import type { SearchResultResponse } from '@vela/contracts/search';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { createTestDatabase, type TestDatabase } from '@vela/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorBody } from '../../http/errors.ts';
import { searchRoutes } from './search.routes.ts';

const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  app.setErrorHandler((error, request, reply) => {
    const mapped = toErrorBody(error, request.id);
    return reply.code(mapped.statusCode).send(mapped.body);
  });
  await app.register(searchRoutes({ db: database.db }), { prefix: '/rest/v1' });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (path: string) => app.inject({ method: 'GET', url: `/rest/v1/searchResult/search/${path}` });

describe(`GET /rest/v1/searchResult/search/:language/:searchPattern (${backend})`, () => {
  it('finds actors whose name contains the pattern, case-insensitively, online first', async () => {
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select name from actors order by id limit 1`,
    );
    const fragment = row!.name.slice(1, 5).toUpperCase();
    const res = await get(`en/${encodeURIComponent(fragment)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchResultResponse>();
    expect(body.success).toBe(true);
    expect(body.data.searchPattern).toBe(fragment);
    expect(body.data.actors.type).toBe('actors');
    expect(body.data.actors.link).toBe(`/en/search/videos/${encodeURIComponent(fragment)}/`);
    const names = body.data.actors.items.map((a) => a.name);
    expect(names).toContain(row!.name);
    expect(names.every((n) => n.toLowerCase().includes(fragment.toLowerCase()))).toBe(true);
    expect(body.data.actors.count).toBe(names.length);
    const online = body.data.actors.items.map((a) => a.isOnline);
    expect([...online].sort((a, b) => Number(b) - Number(a))).toEqual(online);
  });

  it('search pattern shorter than 3 characters is refused with SEARCH_PATTERN_TOO_SHORT (spec 5)', async () => {
    for (const pattern of ['ab', '%20a%20%20']) {
      const res = await get(`de/${pattern}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'SEARCH_PATTERN_TOO_SHORT' } });
    }
    expect((await get('de/abc')).statusCode).toBe(200);
  });

  it('an unsupported language is refused with INVALID_LANGUAGE', async () => {
    const res = await get('fr/luna');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'INVALID_LANGUAGE', message: expect.any(String) },
    });
  });

  it('LIKE wildcards in the pattern are matched literally', async () => {
    const all = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from actors`);
    expect(all[0]!.n).toBeGreaterThan(0);
    // As wildcards these would match every actor.
    for (const pattern of ['%%%', '___']) {
      const res = await get(`en/${encodeURIComponent(pattern)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<SearchResultResponse>().data.actors.count).toBe(0);
    }
    // A literal underscore matches only names that contain one.
    const withUnderscore = await queryRows<{ name_lower: string }>(
      database.db,
      sql`select name_lower from actors where position('_' in name_lower) > 0 order by id limit 1`,
    );
    expect(withUnderscore).toHaveLength(1);
    const around = withUnderscore[0]!.name_lower;
    const at = around.indexOf('_');
    const pattern = around.slice(at - 1, at + 2);
    const res = await get(`en/${encodeURIComponent(pattern)}`);
    const items = res.json<SearchResultResponse>().data.actors.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((a) => a.slug.includes(pattern))).toBe(true);
  });

  it('returns at most 30 actors (spec 2 page size) and counts all matches', async () => {
    await database.db.execute(sql`
      insert into actors (name, name_lower, gender, actor_type, birth_date, about_me, avatar_key, registered_at,
        price_video_cents, price_single_cents, price_singlec2c_cents, price_voyeur_cents, price_message_cents,
        multi_chat_price_cents)
      select 'Qzx' || i, 'qzx' || i, 'F', 'F', date '1990-01-01', '{"de":"","en":"","nl":"","es":""}',
        'avatar-001', now(), 199, 149, 199, 79, 49, 99
      from generate_series(1, 35) as i`);
    const res = await get('nl/QZX');
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchResultResponse>();
    expect(body.data.actors.items).toHaveLength(30);
    expect(body.data.actors.count).toBe(35);
  });
});
