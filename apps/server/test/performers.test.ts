/**
 * Performer lists (issue 5 deliverable 1): /cams/ filter and orders, new girls, free chat, cam
 * shows, top cams (top 100, favorites, best chats, videocall, performer groups), the models lists
 * of the query-language service, preferred and recommended models, the online amount and the
 * guest's favorite actors. Expectations are computed with SQL on this file's own database; the
 * chat ratings, cam shows and favorites the rules need are inserted here.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerformersRepository } from '../src/modules/performers/performers.repository.ts';
import {
  createPerformersService,
  type PerformersService,
  ratingsSince,
} from '../src/modules/performers/performers.service.ts';
import { nextIp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.51.x.y), apart from the other test files. */
const NET = '10.51';
const DAY_MS = 86_400_000;

async function signup(app: FastifyInstance, name: string) {
  const { cookie, id } = await signUp(app, name, { ip: nextIp(NET) });
  const minted = await app.inject({
    method: 'POST',
    url: '/rest/v1/guest/accessToken',
    headers: { cookie },
    remoteAddress: nextIp(NET),
  });
  expect(minted.statusCode, minted.body).toBe(200);
  return { cookie, id, token: minted.json().data.accessToken as string };
}

const ids = (rows: readonly { id: number }[]) => rows.map((r) => Number(r.id));

describe('performer lists (spec 2, 3, 5, 7, 9)', () => {
  let t: TestApp;
  let service: PerformersService;
  let alice: Awaited<ReturnType<typeof signup>>;
  let bob: Awaited<ReturnType<typeof signup>>;

  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    queryRows<T>(t.database.db, query);

  const gql = (query: string, variables?: Record<string, unknown>, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: nextIp(NET),
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: JSON.stringify({ query, variables }),
    });

  const MODELS = `query M($filter: ModelFilter, $order: ModelOrder, $offset: Int, $limit: Int) {
    models(filter: $filter, order: $order, offset: $offset, limit: $limit) {
      total onlineTotal items { id name slug online gender actorType spokenLanguages chatPrice { value currency } }
    }
  }`;

  beforeAll(async () => {
    t = await createTestApp();
    service = createPerformersService(t.database.db);
    alice = await signup(t.app, 'Perf_Alice');
    bob = await signup(t.app, 'Perf_Bob');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('monitoringActors/onlineActorsAmount answers the number of online performers (spec 7)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/monitoringActors/onlineActorsAmount',
      remoteAddress: nextIp(NET),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from actors where is_online`);
    expect(row!.n).toBeGreaterThan(0);
    expect(response.json()).toEqual({ success: true, data: { onlineActorsAmount: row!.n } });
  });

  it('/cams/: all performers online first then by ranking, 30 per page, with total and online total (spec 2)', async () => {
    const expected = await rows<{ id: number }>(
      sql`select id from actors order by is_online desc, ranking_points desc, id`,
    );
    const [online] = await rows<{ n: number }>(sql`select count(*)::int as n from actors where is_online`);
    const page1 = await service.pagesIn(null).camsPage('en', { filter: {}, order: 'ranking', page: 1 }, null);
    expect(page1.pageSize).toBe(30);
    expect(ids(page1.actors)).toEqual(ids(expected).slice(0, 30));
    expect(page1.total).toBe(expected.length);
    expect(page1.onlineTotal).toBe(online!.n);
    const page2 = await service.pagesIn(null).camsPage('en', { filter: {}, order: 'ranking', page: 2 }, null);
    expect(ids(page2.actors)).toEqual(ids(expected).slice(30, 60));
    expect(page1.seo.h1).toBe('Live cams');
    expect(page1.topCams.category).toBe('top100');
  });

  it('/cams/ filter: gender, performer group, online only and spoken language, with their totals', async () => {
    const check = async (
      filter: Parameters<PerformersService['models']>[0],
      where: ReturnType<typeof sql>,
    ) => {
      const expected = await rows<{ id: number; is_online: boolean }>(
        sql`select id, is_online from actors where ${where} order by is_online desc, ranking_points desc, id`,
      );
      const page = await service.pagesIn(null).camsPage('de', { filter, order: 'ranking', page: 1 }, null);
      expect(ids(page.actors), JSON.stringify(filter)).toEqual(ids(expected).slice(0, 30));
      expect(page.total).toBe(expected.length);
      expect(page.onlineTotal).toBe(expected.filter((r) => r.is_online).length);
      return expected.length;
    };
    expect(await check({ gender: 'F' }, sql`gender = 'F'`)).toBeGreaterThan(0);
    expect(await check({ gender: 'M' }, sql`gender = 'M'`)).toBeGreaterThanOrEqual(0);
    await check({ actorType: 'FM' }, sql`actor_type = 'FM'`);
    expect(await check({ onlineOnly: true }, sql`is_online`)).toBeGreaterThan(0);
    expect(await check({ language: 'es' }, sql`'es' = any(spoken_languages)`)).toBeGreaterThan(0);
    await check(
      { gender: 'F', onlineOnly: true, language: 'de' },
      sql`gender = 'F' and is_online and 'de' = any(spoken_languages)`,
    );
  });

  it('/cams/ orders: newest, price ascending and descending', async () => {
    const newest = await rows<{ id: number }>(
      sql`select id from actors order by registered_at desc, id desc limit 30`,
    );
    const cheap = await rows<{ id: number }>(
      sql`select id from actors order by price_single_cents, id limit 30`,
    );
    const dear = await rows<{ id: number }>(
      // Ties newest id first: the descending order reads actors_price_single_idx backwards.
      sql`select id from actors order by price_single_cents desc, id desc limit 30`,
    );
    const page = (order: 'newest' | 'priceAsc' | 'priceDesc') =>
      service.pagesIn(null).camsPage('en', { filter: {}, order, page: 1 }, null);
    expect(ids((await page('newest')).actors)).toEqual(ids(newest));
    expect(ids((await page('priceAsc')).actors)).toEqual(ids(cheap));
    expect(ids((await page('priceDesc')).actors)).toEqual(ids(dear));
  });

  it('/new-girls/: newest registered female performers; /free-chat/: free chat performers online first', async () => {
    const girls = await rows<{ id: number }>(
      sql`select id from actors where gender = 'F' order by registered_at desc, id desc`,
    );
    const newGirls = await service.pagesIn(null).newGirlsPage('es', 1);
    expect(ids(newGirls.actors)).toEqual(ids(girls).slice(0, 30));
    expect(newGirls.total).toBe(girls.length);
    expect(newGirls.actors.every((a) => a.gender === 'F')).toBe(true);
    expect(newGirls.seo.h1).toBe('Chicas nuevas');

    const free = await rows<{ id: number; is_online: boolean }>(
      sql`select id, is_online from actors where free_chat order by is_online desc, ranking_points desc, id`,
    );
    expect(free.length).toBeGreaterThan(0);
    const freeChat = await service.pagesIn(null).freeChatPage('en', 1);
    expect(ids(freeChat.actors)).toEqual(ids(free).slice(0, 30));
    expect(freeChat.total).toBe(free.length);
    expect(freeChat.onlineTotal).toBe(free.filter((r) => r.is_online).length);
  });

  it('guest/favorite/actors: logged-in only (401 for visitors); each guest gets only their own favorites (spec 3, 6)', async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/favorite/actors',
      remoteAddress: nextIp(NET),
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('NOT_LOGGED_IN');

    const online = await rows<{ id: number }>(sql`select id from actors where is_online order by id limit 2`);
    const offline = await rows<{ id: number }>(
      sql`select id from actors where not is_online order by id limit 2`,
    );
    const aliceFavs = [online[0]!.id, online[1]!.id, offline[0]!.id];
    const bobFavs = [offline[1]!.id];
    for (const actorId of aliceFavs)
      await t.database.db.execute(
        sql`insert into favorite_actors (guest_id, actor_id) values (${alice.id}, ${actorId})`,
      );
    for (const actorId of bobFavs)
      await t.database.db.execute(
        sql`insert into favorite_actors (guest_id, actor_id) values (${bob.id}, ${actorId})`,
      );

    const mine = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/favorite/actors',
      headers: { cookie: alice.cookie },
      remoteAddress: nextIp(NET),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const data = mine.json().data as { items: { id: number; isOnline: boolean }[]; onlineCount: number };
    expect(data.items.map((i) => i.id).sort((a, b) => a - b)).toEqual([...aliceFavs].sort((a, b) => a - b));
    expect(data.onlineCount).toBe(2);
    expect(data.items.find((i) => i.id === offline[0]!.id)?.isOnline).toBe(false);

    const his = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/favorite/actors',
      headers: { cookie: bob.cookie },
      remoteAddress: nextIp(NET),
    });
    expect(his.json().data).toEqual({ items: [{ id: bobFavs[0], isOnline: false }], onlineCount: 0 });
  });

  it('top cams favorites: the logged-in guest sees their own; a visitor gets the login hint and no items', async () => {
    const topFavorites = (cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/rest/v1/performers/topCams/favorites?lang=de',
        remoteAddress: nextIp(NET),
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const asVisitor = await topFavorites();
    expect(asVisitor.statusCode, asVisitor.body).toBe(200);
    expect(asVisitor.json().data).toMatchObject({ items: [], total: 0, loginRequired: true });

    const expected = await rows<{ id: number }>(
      sql`select a.id from favorite_actors f join actors a on a.id = f.actor_id where f.guest_id = ${alice.id} order by a.is_online desc, a.ranking_points desc, a.id`,
    );
    const asAlice = (await topFavorites(alice.cookie)).json().data;
    expect(asAlice.loginRequired).toBe(false);
    expect(asAlice.total).toBe(3);
    expect(ids(asAlice.items)).toEqual(ids(expected));
    expect(asAlice.items[0].profileLink).toMatch(/^\/de\/amateur\/[^/]+\/$/);

    const asBob = (await topFavorites(bob.cookie)).json().data;
    expect(asBob.total).toBe(1);
    expect(ids(asBob.items).some((id) => ids(expected).includes(id))).toBe(false);

    // The query-language field answers the same per token.
    const viaGql = await gql(
      '{ topCams(category: "favorites") { total loginRequired items { id } } }',
      undefined,
      alice.token,
    );
    expect(viaGql.json().data.topCams.total).toBe(3);
    const viaGqlVisitor = await gql('{ topCams(category: "favorites") { total loginRequired } }');
    expect(viaGqlVisitor.json().data.topCams).toEqual({ total: 0, loginRequired: true });
  });

  it('best chats need at least 10 ratings within the last 90 days, highest satisfaction first (spec 5/9)', async () => {
    const actorsRows = await rows<{ id: number }>(sql`select id from actors order by id limit 5`);
    const [a, b, c, d, e] = ids(actorsRows) as [number, number, number, number, number];
    await t.database.db.execute(sql`delete from chat_ratings`);
    const now = Date.now();
    const rate = async (actorId: number, satisfied: boolean, daysAgo: number, n: number) => {
      for (let i = 0; i < n; i++)
        await t.database.db.execute(
          sql`insert into chat_ratings (actor_id, satisfied, created_at) values (${actorId}, ${satisfied}, ${new Date(now - daysAgo * DAY_MS - i * 60_000)})`,
        );
    };
    await rate(a, true, 1, 11); // 12 ratings, 11 satisfied: 92 %
    await rate(a, false, 2, 1);
    await rate(b, true, 89, 10); // exactly 10, all satisfied: 100 %
    await rate(c, true, 3, 9); // 9 recent ...
    await rate(c, true, 91, 5); // ... plus 5 older than 90 days: not enough
    await rate(d, true, 120, 20); // only old ratings
    await rate(e, false, 5, 10); // 10 ratings, none satisfied: 0 %

    // The list is precomputed by the counters job (it ran when the app started): recompute it now.
    expect(await service.refreshChatRates()).toMatchObject({ actors: 3, skipped: false });
    // A scheduled run right after it is skipped (computed within its freshness time, by any node).
    expect(await service.refreshChatRates(60_000)).toMatchObject({ actors: null, skipped: true });
    const list = await service.topCams('en', 'bestChats', null, 0, 10, null);
    expect(ids(list.items)).toEqual([b, a, e]);
    expect(list.total).toBe(3);
    expect(list.items.map((i) => [i.ratingCount, i.satisfactionRate])).toEqual([
      [10, 100],
      [12, 92],
      [10, 0],
    ]);
    // Below 10 ratings in the window the rate is not shown (null), the count still is.
    const top = await service.topCams('en', 'top100', null, 0, 100, null);
    const cam = top.items.find((i) => i.id === c)!;
    expect(cam.ratingCount).toBe(9);
    expect(cam.satisfactionRate).toBeNull();
    expect(top.items.find((i) => i.id === d)!.ratingCount).toBe(0);
    // Paging keeps the total.
    const second = await service.topCams('en', 'bestChats', null, 1, 1, null);
    expect(ids(second.items)).toEqual([a]);
    expect(second.total).toBe(3);
    // The live sum (before the first run, or when the rates are older than a day) lists the same.
    const live = await createPerformersRepository(t.database.db).bestChats(
      ratingsSince(new Date()),
      10,
      0,
      10,
      null,
    );
    expect(ids(live.rows)).toEqual([b, a, e]);
    expect(live.total).toBe(3);
  });

  it('top cams: top 100 by ranking, videocall first then videocall ranking, per performer group with totals (spec 2/3)', async () => {
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from actors`);
    const top = await service.topCams('en', 'top100', null, 0, 10, null);
    const ranking = await rows<{ id: number }>(
      sql`select id from actors order by is_online desc, ranking_points desc, id limit 10`,
    );
    expect(ids(top.items)).toEqual(ids(ranking));
    expect(top.total).toBe(Math.min(100, count!.n));
    for (const cam of top.items) {
      expect(cam.avatarPicture.ageRating).toBe(16);
      expect(cam.previewPicture.ageRating).toBe(16);
      expect(cam.profileLink).toBe(`/en/amateur/${cam.name.toLowerCase()}/`);
      expect(cam.videocallPrice.currency).toBe('EUR');
    }
    // Beyond the 100th place nothing is listed.
    expect((await service.topCams('en', 'top100', null, 100, 10, null)).items).toEqual([]);

    const videocall = await rows<{ id: number; is_online_mobile_videocall: boolean }>(
      sql`select id, is_online_mobile_videocall from actors order by is_online_mobile_videocall desc, ranking_points_video_call desc, id limit 20`,
    );
    const vc = await service.topCams('en', 'videocall', null, 0, 20, null);
    expect(ids(vc.items)).toEqual(ids(videocall));
    expect(vc.items.map((i) => i.onlineVideocall)).toEqual(
      videocall.map((r) => r.is_online_mobile_videocall),
    );

    for (const type of ['F', 'M', 'FM', 'FF', 'S'] as const) {
      const expected = await rows<{ id: number }>(
        sql`select id from actors where actor_type = ${type} order by is_online desc, ranking_points desc, id`,
      );
      const group = await service.topCams('en', `group-${type}`, null, 0, 100, null);
      expect(ids(group.items), type).toEqual(ids(expected));
      expect(group.total).toBe(expected.length);
    }
  });

  it('cam shows: upcoming and running shows, featured first then by start; past and internal shows are not listed', async () => {
    const [actor] = await rows<{ id: number }>(sql`select id from actors order by id limit 1`);
    await t.database.db.execute(sql`delete from cam_shows`);
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const insert = async (
      title: string,
      from: number,
      to: number,
      extra: { featured?: boolean; free?: boolean; internal?: boolean } = {},
    ) => {
      const [row] = await rows<{ id: number }>(
        sql`insert into cam_shows (actor_id, title, description, starts_at, ends_at, price_cents, is_free, is_featured, is_internal)
            values (${actor!.id}, ${title}, ${`About ${title}`}, ${at(from)}, ${at(to)}, ${extra.free ? 0 : 499}, ${extra.free ?? false}, ${extra.featured ?? false}, ${extra.internal ?? false}) returning id`,
      );
      return Number(row!.id);
    };
    await insert('Past', -5, -1);
    const running = await insert('Running', -1, 1);
    const later = await insert('Later', 5, 6, { free: true });
    const featured = await insert('Featured', 10, 11, { featured: true });
    await insert('Internal', 2, 3, { internal: true });

    const page = await service.pagesIn(null).camShowsPage('en', 1);
    expect(page.shows.map((s) => s.id)).toEqual([featured, running, later]);
    expect(page.total).toBe(3);
    expect(page.shows[1]).toMatchObject({
      title: 'Running',
      hasStarted: true,
      isFree: false,
      price: { value: 499, currency: 'EUR' },
    });
    expect(page.shows[2]).toMatchObject({ isFree: true, hasStarted: false, price: { value: 0 } });

    const viaGql = await gql('{ camShows(offset: 1, limit: 1) { total items { id title isFeatured } } }');
    expect(viaGql.json().data.camShows).toEqual({
      total: 3,
      items: [{ id: running, title: 'Running', isFeatured: false }],
    });
  });

  it('GraphQL models: filter, order, offset, total and online total (spec 7)', async () => {
    const expected = await rows<{ id: number; is_online: boolean }>(
      sql`select id, is_online from actors where gender = 'F' and 'de' = any(spoken_languages) order by price_single_cents desc, id`,
    );
    const response = await gql(MODELS, {
      filter: { gender: 'F', language: 'de' },
      order: 'priceDesc',
      offset: 2,
      limit: 5,
    });
    expect(response.statusCode, response.body).toBe(200);
    const models = response.json().data.models;
    expect(models.total).toBe(expected.length);
    expect(models.onlineTotal).toBe(expected.filter((r) => r.is_online).length);
    expect(ids(models.items)).toEqual(ids(expected).slice(2, 7));
    expect(models.items.every((m: { gender: string }) => m.gender === 'F')).toBe(true);

    const onlineOnly = (await gql(MODELS, { filter: { onlineOnly: true }, limit: 100 })).json().data.models;
    expect(onlineOnly.items.every((m: { online: boolean }) => m.online)).toBe(true);
    expect(onlineOnly.total).toBe(onlineOnly.onlineTotal);
    const defaults = (await gql('{ models { total items { id } } }')).json().data.models;
    const ranking = await rows<{ id: number }>(
      sql`select id from actors order by is_online desc, ranking_points desc, id limit 30`,
    );
    expect(ids(defaults.items)).toEqual(ids(ranking));
  });

  it('invalid input is refused with a code: unknown order, bad gender, limit 0 or over 100, unknown top cams category', async () => {
    const unknownOrder = await gql('{ models(order: cheapest) { total } }');
    expect(unknownOrder.statusCode).toBe(400);
    expect(unknownOrder.json().errors[0].message).toMatch(/cheapest/);
    // A variable that is not a ModelGender is refused before any resolver runs.
    const badGender = await gql(MODELS, { filter: { gender: 'X' } });
    expect(badGender.json().errors[0].message).toMatch(/ModelGender/);
    expect(badGender.json().data).toBeUndefined();
    const badGenderLiteral = await gql('{ models(filter: { gender: X }) { total } }');
    expect(badGenderLiteral.statusCode).toBe(400);
    for (const limit of [0, 101, -1]) {
      const response = await gql(MODELS, { limit });
      expect(response.statusCode).toBe(200);
      expect(response.json().errors[0].extensions.code, String(limit)).toBe('BAD_USER_INPUT');
      expect(response.json().data).toBeNull();
    }
    const badLanguage = await gql(MODELS, { filter: { language: 'fr' } });
    expect(badLanguage.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const badCategory = await gql('{ topCams(category: "best") { total } }');
    expect(badCategory.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');

    for (const url of [
      '/rest/v1/performers/topCams/best',
      '/rest/v1/performers/topCams/top100?limit=0',
      '/rest/v1/performers/topCams/top100?limit=101',
      '/rest/v1/performers/topCams/top100?offset=-1',
      '/rest/v1/performers/topCams/top100?lang=fr',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp(NET) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('VALIDATION_ERROR');
    }
  });

  it('recommended models: 9 online performers, never the given actor; going offline removes one (spec 4/9)', async () => {
    const [actor] = await rows<{ id: number }>(
      sql`select id from actors where is_online order by ranking_points desc, id limit 1`,
    );
    const query = '{ recommendedModels(actorId: $id) { id online } }'.replace('$id', String(actor!.id));
    const first = (await gql(query)).json().data.recommendedModels as { id: number; online: boolean }[];
    const [online] = await rows<{ n: number }>(
      sql`select count(*)::int as n from actors where is_online and id <> ${actor!.id}`,
    );
    expect(first).toHaveLength(Math.min(9, online!.n));
    expect(first.every((m) => m.online)).toBe(true);
    expect(ids(first)).not.toContain(actor!.id);

    const gone = first[0]!.id;
    await t.database.db.execute(sql`update actors set is_online = false where id = ${gone}`);
    try {
      const after = (await gql(query)).json().data.recommendedModels as { id: number }[];
      expect(ids(after)).not.toContain(gone);
      expect(after.length).toBe(Math.min(9, online!.n - 1));
    } finally {
      await t.database.db.execute(sql`update actors set is_online = true where id = ${gone}`);
    }
  });

  it('preferred models: 3 best-ranked online for visitors; for a guest with favorites online performers other than the favorites (spec 7)', async () => {
    const best = await rows<{ id: number }>(
      sql`select id from actors where is_online order by ranking_points desc, id limit 3`,
    );
    const visitor = (await gql('{ preferredModels { id online } }')).json().data.preferredModels;
    expect(ids(visitor)).toEqual(ids(best));

    const favorites = await rows<{ actor_id: number }>(
      sql`select actor_id from favorite_actors where guest_id = ${alice.id}`,
    );
    const mine = (await gql('{ preferredModels { id online } }', undefined, alice.token)).json().data
      .preferredModels as { id: number; online: boolean }[];
    expect(mine).toHaveLength(3);
    expect(mine.every((m) => m.online)).toBe(true);
    for (const f of favorites) expect(ids(mine)).not.toContain(Number(f.actor_id));
  });
});
