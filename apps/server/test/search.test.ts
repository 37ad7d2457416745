/**
 * Global search (issue 5 deliverable 5): `GET /rest/v1/searchResult/search/{language}/{searchPattern}`
 * with its groups and page sizes (spec 2/3), the pattern rules (spec 5), capped counts (spec 9), the
 * 5-minute cache (spec 9), GraphQL suggestions / lastSearches / storeSearchPattern and the tag
 * service (spec 7). Every fixture is inserted here (names with unlikely letter runs like "qzx").
 */

import zlib from 'node:zlib';
import {
  SEARCH_COUNT_CAP,
  type SearchGroupPageResponse,
  type SearchResultResponse,
  type SearchTag,
} from '@vela/contracts/search';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { testBackend } from '@vela/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorImportItem } from './catalog-items.ts';
import { nextIp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.55';
let t: TestApp;
let keys: { avatar: string; preview: string; cover: string; blog: string; tv: string };

const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

async function insertActors(prefix: string, count: number, online = false): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into actors (name, name_lower, gender, actor_type, birth_date, about_me, avatar_key, registered_at,
        price_video_cents, price_single_cents, price_singlec2c_cents, price_voyeur_cents, price_message_cents,
        multi_chat_price_cents, is_online, ranking_points)
      select ${prefix} || i, lower(${prefix}) || i, 'F', 'F', date '1990-01-01', '{"de":"","en":"","nl":"","es":""}',
        ${keys.avatar}, now(), 199, 149, 199, 79, 49, 99, ${online}, i
      from generate_series(1, ${count}) as i
      returning id`,
  );
  return rows.map((r) => r.id);
}

async function insertVideos(actorId: number, title: string, count: number, asmr = false) {
  await exec(sql`insert into videos (actor_id, title, duration_s, age_rating, price_cents, base_price_cents,
      released_at, preview_key, likes, asmr)
    select ${actorId}, ${title} || ' ' || i, 60, 16, 199, 199, now(), ${keys.preview}, i, ${asmr}
    from generate_series(1, ${count}) as i`);
}

async function insertAlbums(actorId: number, title: string, count: number, type: 'image' | 'video') {
  await exec(sql`insert into albums (actor_id, type, title, price_cents, created_at, cover_key)
    select ${actorId}, ${type}, ${title} || ' ' || i, 99, now() - (i || ' minutes')::interval, ${keys.cover}
    from generate_series(1, ${count}) as i`);
}

const search = (path: string) =>
  t.app.inject({ method: 'GET', url: `/rest/v1/searchResult/search/${path}`, remoteAddress: nextIp(NET) });
const result = async (path: string) => {
  const res = await search(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResultResponse>().data;
};

const graphql = (query: string, variables: Record<string, unknown> = {}, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: nextIp(NET),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { query, variables },
  });

const TOKEN = 'search-internal-token-0123456789abcdef';

beforeAll(async () => {
  t = await createTestApp({ env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' } });
  const [row] = await queryRows<{ avatar: string; preview: string; cover: string; blog: string; tv: string }>(
    t.database.db,
    sql`select (select avatar_key from actors order by id limit 1) as avatar,
          (select preview_key from videos order by id limit 1) as preview,
          (select cover_key from albums order by id limit 1) as cover,
          (select image_key from blog_posts order by id limit 1) as blog,
          (select image_key from tv_series order by id limit 1) as tv`,
  );
  keys = row!;

  // "Qzx": 35 actors, two of them with videos; 35 videos and 5 ASMR videos; 20 photo and 2 video
  // albums; a TV series with 35 episodes; 20 blog posts (English title only).
  const actorIds = await insertActors('Qzxactor', 35);
  await insertVideos(actorIds[0]!, 'Qzx clip', 30);
  await insertVideos(actorIds[1]!, 'Another qZx clip', 5);
  await insertVideos(actorIds[1]!, 'Qzx whisper', 5, true);
  await insertAlbums(actorIds[2]!, 'Qzx photos', 20, 'image');
  await insertAlbums(actorIds[2]!, 'Qzx video set', 2, 'video');
  const [series] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into tv_series (key, title, description, image_key)
      values ('qzx-show', '{"de":"Die Qzx Show","en":"The Qzx show","nl":"De Qzx show","es":"El show Qzx"}',
        '{"de":"","en":"","nl":"","es":""}', ${keys.tv}) returning id`,
  );
  await exec(sql`insert into tv_episodes (series_id, title, duration_s, aired_at, image_key)
    select ${series!.id}, 'Qzx episode ' || i, 600, now() - (i || ' days')::interval, ${keys.tv}
    from generate_series(1, 35) as i`);
  await exec(sql`insert into blog_posts (category_id, slug, title, excerpt, body, published_at, image_key)
    select 1, 'qzx-post-' || i,
      jsonb_build_object('de', 'Beitrag ' || i, 'en', 'Qzx post ' || i, 'nl', 'Bericht ' || i, 'es', 'Entrada ' || i),
      '{"de":"","en":"","nl":"","es":""}', '{"de":"","en":"","nl":"","es":""}', now() - (i || ' hours')::interval, ${keys.blog}
    from generate_series(1, 20) as i`);
});
afterAll(async () => {
  await t?.close();
});

describe(`global search groups (spec 2/3) (${testBackend})`, () => {
  it('answers every group of spec 3 with count, link, items and type, in the spec 2 page sizes', async () => {
    const data = await result('en/QZX');
    expect(data.searchPattern).toBe('QZX');
    const sizes = Object.fromEntries(
      (['actors', 'models', 'videos', 'asmr', 'photos', 'galleries', 'tv', 'mediathek', 'blog'] as const).map(
        (type) => [type, [data[type].type, data[type].items.length, data[type].count, data[type].pageSize]],
      ),
    );
    expect(sizes).toEqual({
      actors: ['actors', 30, 35, 30],
      models: ['models', 2, 2, 30],
      videos: ['videos', 30, 40, 30],
      asmr: ['asmr', 3, 5, 3],
      photos: ['photos', 14, 20, 14],
      galleries: ['galleries', 14, 22, 14],
      tv: ['tv', 1, 1, 30],
      mediathek: ['mediathek', 30, 35, 30],
      blog: ['blog', 15, 20, 15],
    });
    expect(data.actors.link).toBe('/en/search/videos/QZX/');
    expect(data.videos.link).toBe('/en/search/videos/QZX/?group=videos');
    expect(data.actors.countCapped).toBe(false);
    // Models: actors with videos, by ranking, linking to their videos.
    expect(data.models.items.map((m) => [m.name, m.videoCount, m.link])).toEqual([
      ['Qzxactor2', 10, '/en/amateur/qzxactor2/videos/'],
      ['Qzxactor1', 30, '/en/amateur/qzxactor1/videos/'],
    ]);
  });

  it('actor items carry name, avatar, aspect, link, online and mobileVideoCall; online first (spec 3)', async () => {
    const ids = await insertActors('Wqonl', 2);
    await exec(
      sql`update actors set is_online = true, is_online_mobile_videocall = true where id = ${ids[0]!}`,
    );
    const data = await result('es/wqonl');
    const [first, second] = data.actors.items;
    expect(first).toMatchObject({
      name: 'Wqonl1',
      online: true,
      mobileVideoCall: true,
      link: '/es/amateur/wqonl1/',
      aspect: first!.avatar.aspect,
    });
    expect(second).toMatchObject({ name: 'Wqonl2', online: false, mobileVideoCall: false });
  });

  it('each group matches case-insensitively and in its own order (videos by likes, albums newest first)', async () => {
    const upper = await result('de/QZX');
    const lower = await result('de/qzx');
    for (const type of ['actors', 'videos', 'asmr', 'photos', 'galleries', 'mediathek'] as const) {
      expect(upper[type].count).toBe(lower[type].count);
      expect(upper[type].count).toBeGreaterThan(0);
    }
    expect(upper.videos.items.every((v) => v.title.toLowerCase().includes('qzx'))).toBe(true);
    const likes = upper.videos.items.map((v) => v.likes);
    expect([...likes].sort((a, b) => b - a)).toEqual(likes);
    const created = upper.photos.items.map((a) => a.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(upper.photos.items.every((a) => a.type === 'image')).toBe(true);
    expect(upper.asmr.items.every((v) => v.asmr)).toBe(true);
    expect(upper.photos.items[0]!.link).toMatch(/^\/de\/amateur\/qzxactor3\/bilder\/\d+\/$/);
  });

  it('blog titles are searched in the request language only', async () => {
    expect((await result('en/qzx%20post')).blog.count).toBe(20);
    expect((await result('de/qzx%20post')).blog.count).toBe(0);
    const de = await result('de/beitrag');
    expect(de.blog.count).toBeGreaterThanOrEqual(20);
    expect(de.blog.items[0]!.title).toMatch(/Beitrag/i);
    expect((await result('nl/qzx%20show')).tv.items[0]).toMatchObject({
      title: 'De Qzx show',
      episodeCount: 35,
      link: '/nl/tv/mediathek/qzx-show/',
    });
  });

  it('LIKE wildcards in the pattern are matched literally in every group', async () => {
    for (const pattern of ['%%%', '___', '\\\\\\']) {
      const data = await result(`en/${encodeURIComponent(pattern)}`);
      for (const type of ['actors', 'videos', 'photos', 'galleries', 'mediathek', 'blog'] as const) {
        expect(data[type].count, `${pattern} ${type}`).toBe(0);
      }
    }
    const [actorId] = await insertActors('Wqlit', 1);
    await insertVideos(actorId!, 'Wq_zk literal', 1);
    await insertVideos(actorId!, 'Wqazk other', 1);
    const data = await result(`en/${encodeURIComponent('q_z')}`);
    expect(data.videos.items.map((v) => v.title)).toEqual(['Wq_zk literal 1']);
  });

  it('pages one group with ?group=&offset= (spec 2 page sizes)', async () => {
    const first = await result('en/qzx');
    const res = await search('en/qzx?group=videos&offset=30');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<SearchGroupPageResponse>().data;
    expect(page.group).toMatchObject({ type: 'videos', offset: 30, count: 40, pageSize: 30 });
    expect(page.group.items).toHaveLength(10);
    const firstIds = new Set(first.videos.items.map((v) => v.id));
    expect(page.group.items.some((v) => firstIds.has(v.id))).toBe(false);
    const blog = (await search('en/qzx?group=blog&offset=15')).json<SearchGroupPageResponse>().data.group;
    expect(blog.items).toHaveLength(5);
    for (const bad of ['?group=nope', '?offset=30', '?group=videos&offset=-1', '?group=videos&offset=abc']) {
      const r = await search(`en/qzx${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('counts stop at the cap of 100 and say so (spec 9 large numbers with a plus sign beyond a cap)', async () => {
    const [actorId] = await insertActors('Wqcap', 1);
    await insertVideos(actorId!, 'Wqcapvid', 101);
    await insertVideos(actorId!, 'Wqcapexact', 100);
    const data = await result('en/wqcapvid');
    expect(SEARCH_COUNT_CAP).toBe(100);
    expect(data.videos).toMatchObject({ count: 100, countCapped: true });
    expect(data.videos.items).toHaveLength(30);
    expect((await result('en/wqcapexact')).videos).toMatchObject({ count: 100, countCapped: false });
    // Paging goes on past the cap.
    const res = await search('en/wqcapvid?group=videos&offset=90');
    expect(res.json<SearchGroupPageResponse>().data.group.items).toHaveLength(11);
  });
});

describe(`declared answers (decision 0032) (${testBackend})`, () => {
  it('the search and a group page answer exactly what the service presents: the contract strips nothing', async () => {
    const { createSearchRepository } = await import('../src/modules/search/search.repository.ts');
    const { createSearchService } = await import('../src/modules/search/search.service.ts');
    const service = createSearchService(createSearchRepository(t.database.db));
    const json = (value: unknown) => JSON.parse(JSON.stringify(value));
    expect(await result('de/qzx')).toEqual(json(await service.search('de', 'qzx', null)));
    for (const group of ['models', 'asmr', 'galleries', 'mediathek', 'blog', 'tv'] as const) {
      const page = await search(`en/qzx?group=${group}&offset=1`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data, group).toEqual(
        json({ searchPattern: 'qzx', group: await service.searchGroup('en', 'qzx', group, 1, null) }),
      );
    }
  });
});

describe(`search pattern rules (spec 5) (${testBackend})`, () => {
  it('search pattern shorter than 3 characters after trimming is refused with SEARCH_PATTERN_TOO_SHORT', async () => {
    for (const pattern of ['a', 'ab', '%20a%20%20', '%20%20%20%20']) {
      const res = await search(`en/${pattern}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'SEARCH_PATTERN_TOO_SHORT' } });
    }
    expect((await search('en/abc')).statusCode).toBe(200);
  });

  it('a pattern over 100 characters, with control characters or in an unknown language is refused', async () => {
    const long = await search(`en/${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect((await search('en/abc%00def')).statusCode).toBe(400);
    const lang = await search('fr/luna');
    expect(lang.statusCode).toBe(400);
    expect(lang.json()).toMatchObject({ error: { code: 'INVALID_LANGUAGE', message: expect.any(String) } });
  });
});

describe(`search cache per query 5 minutes (spec 9) (${testBackend})`, () => {
  it('a second identical query within 5 minutes answers the cached result (also in another case)', async () => {
    await insertActors('Wqcache', 1);
    expect((await result('en/wqcache')).actors.count).toBe(1);
    await insertActors('WqcacheB', 1);
    // Cached per language and pattern: the new actor is not seen by the same query...
    expect((await result('en/wqcache')).actors.count).toBe(1);
    expect((await result('en/WQCACHE')).actors.count).toBe(1);
    // ...but a query not asked before reads the database.
    expect((await result('nl/wqcache')).actors.count).toBe(2);
  });

  it('the whole answer is kept with its result; an import or the operator cache/clear forgets both on every node', async () => {
    await insertActors('Wqkept', 1);
    const first = await search('en/wqkept');
    expect(first.json<SearchResultResponse>().data.actors.count).toBe(1);
    // Compressed for a browser, the same answer.
    const br = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/searchResult/search/en/wqkept',
      remoteAddress: nextIp(NET),
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(first.json());
    await insertActors('WqkeptB', 1);
    expect((await result('en/wqkept')).actors.count).toBe(1);
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/internal/cache/clear',
      remoteAddress: '127.0.0.1',
      headers: { 'x-internal-token': TOKEN },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await result('en/wqkept')).actors.count).toBe(2);
    // An operator import of actors is a catalog change too: the next search reads the database.
    const imported = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/internal/catalog/actors',
      remoteAddress: '127.0.0.1',
      headers: { 'x-internal-token': TOKEN },
      payload: {
        items: [actorImportItem('WqkeptImported', keys.avatar)],
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await result('en/wqkept')).actors.count).toBe(3);
  });
});

describe(`suggestions and last searches (GraphQL, spec 7) (${testBackend})`, () => {
  it('searchSuggestions: popular searches, actor names and tags starting with the input, at most 8', async () => {
    await exec(sql`insert into search_stats (pattern_lower, count) values ('wqsug popular', 7), ('wqsug rare', 1),
      ('zz wqsug', 50)`);
    await insertActors('Wqsugactor', 10);
    await exec(sql`insert into tags (label) values ('Wqsugtag')`);
    const res = await graphql('query S($p: String!) { searchSuggestions(pattern: $p) }', { p: 'WQSUG' });
    expect(res.statusCode, res.body).toBe(200);
    const list: string[] = res.json().data.searchSuggestions;
    expect(list).toHaveLength(8);
    expect(list.slice(0, 2)).toEqual(['wqsug popular', 'wqsug rare']);
    expect(list).not.toContain('zz wqsug');
    expect(list.slice(2).every((s) => s.startsWith('Wqsugactor'))).toBe(true);
    const tagsOnly = await graphql('query S($p: String!) { searchSuggestions(pattern: $p) }', {
      p: 'wqsugt',
    });
    expect(tagsOnly.json().data.searchSuggestions).toEqual(['Wqsugtag']);
    const short = await graphql('query S($p: String!) { searchSuggestions(pattern: $p) }', { p: 'wq' });
    expect(short.json().data.searchSuggestions).toEqual([]);
  });

  it('lastSearches: the guest own searches, newest first, 3; another guest never sees them', async () => {
    const alice = await signUp(t.app, 'searchalice', { ip: nextIp(NET) });
    const bob = await signUp(t.app, 'searchbob', { ip: nextIp(NET) });
    const store = (token: string, pattern: string) =>
      graphql('mutation M($p: String!) { storeSearchPattern(pattern: $p) }', { p: pattern }, token);
    for (const p of ['first one', 'second', 'third', 'fourth']) {
      const res = await store(alice.accessToken, p);
      expect(res.json().errors, res.body).toBeUndefined();
    }
    // Storing one again moves it to the front instead of adding it twice.
    const again = await store(alice.accessToken, '  second  ');
    expect(again.json().data.storeSearchPattern).toEqual(['second', 'fourth', 'third']);
    const last = await graphql('{ lastSearches }', {}, alice.accessToken);
    expect(last.json().data.lastSearches).toEqual(['second', 'fourth', 'third']);
    const other = await graphql('{ lastSearches }', {}, bob.accessToken);
    expect(other.json().data.lastSearches).toEqual([]);
    const [stats] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count from search_stats where pattern_lower = 'second'`,
    );
    expect(stats!.count).toBe(2);
  });

  it('a visitor without a token gets Missing Vxql-Token for lastSearches and storeSearchPattern (spec 8)', async () => {
    for (const query of ['{ lastSearches }', 'mutation { storeSearchPattern(pattern: "abc") }']) {
      const res = await graphql(query);
      expect(res.json()).toEqual({
        errors: [{ message: 'Missing Vxql-Token', extensions: { code: 'MISSING_TOKEN' } }],
        data: null,
      });
    }
  });

  it('storeSearchPattern refuses patterns under 3 or over 100 characters and stores nothing', async () => {
    const carol = await signUp(t.app, 'searchcarol', { ip: nextIp(NET) });
    for (const [pattern, code] of [
      ['ab', 'SEARCH_PATTERN_TOO_SHORT'],
      ['   a ', 'SEARCH_PATTERN_TOO_SHORT'],
      ['y'.repeat(101), 'VALIDATION_ERROR'],
    ] as const) {
      const res = await graphql(
        'mutation M($p: String!) { storeSearchPattern(pattern: $p) }',
        { p: pattern },
        carol.accessToken,
      );
      expect(res.json().errors[0].extensions.code).toBe(code);
    }
    const rows = await queryRows(
      t.database.db,
      sql`select 1 from search_patterns where guest_id = ${carol.id}`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe(`tag service (spec 7) (${testBackend})`, () => {
  const post = (path: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/v1/tags/${path}`,
      remoteAddress: nextIp(NET),
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  it('tags/search answers the tags whose label contains the search text', async () => {
    await exec(sql`insert into tags (label) values ('Wqtag one'), ('Other wqtag'), ('wq_tag')`);
    const res = await post('search', { searchText: 'WQTAG' });
    expect(res.statusCode, res.body).toBe(200);
    const tags: SearchTag[] = res.json().data.tags;
    expect(tags.map((tag) => tag.label).sort()).toEqual(['Other wqtag', 'Wqtag one']);
    expect((await post('search', { searchText: 'wq' })).json()).toMatchObject({
      error: { code: 'SEARCH_PATTERN_TOO_SHORT' },
    });
    expect((await post('search', {})).statusCode).toBe(400);
  });

  it('tags/mostPopular needs a logged-in guest and a count 1-50; answers tags by number of videos', async () => {
    expect((await post('mostPopular', { count: 3 })).statusCode).toBe(401);
    const dave = await signUp(t.app, 'searchdave', { ip: nextIp(NET) });
    for (const count of [0, 51, 2.5, '3']) {
      const res = await post('mostPopular', { count }, dave.cookie);
      expect(res.statusCode, String(count)).toBe(400);
    }
    const res = await post('mostPopular', { count: 3 }, dave.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const tags: SearchTag[] = res.json().data.tags;
    const expected = await queryRows<{ tag_id: number; n: number }>(
      t.database.db,
      sql`select tag_id, count(*)::int as n from video_tags group by tag_id order by n desc, tag_id limit 3`,
    );
    expect(tags.map((tag) => [tag.id, tag.videoCount])).toEqual(expected.map((e) => [e.tag_id, e.n]));
  });
});
