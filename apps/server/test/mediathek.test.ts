/**
 * The media library (issue 17 deliverable 6; spec 2 guest area mediathek, spec 3 "Media library:
 * media types video/photo; source purchased/pinned/archived; origin shop/chatclip") through HTTP
 * against a real database: sections, playlists (create, rename, reorder, delete, items), archive and
 * restore, who may see and change what (spec 6 "every server call checks who is asking"), limits and
 * bad input.
 */

import { PLAYLIST_ITEMS_MAX, PLAYLISTS_MAX } from '@vela/contracts/mediathek';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { favoriteAlbums, mediathekPlaylistItems, videos } from '@vela/db/schema';
import { testBackend } from '@vela/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses. */
const NET = '10.61';

let t: TestApp;
let app: FastifyInstance;
let make: Factories;
let actorId: number;

type Method = 'GET' | 'POST' | 'DELETE';

function call(g: SignedUp | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/rest/v1/${url}`,
    remoteAddress: nextIp(NET),
    headers: g ? { authorization: `Bearer ${g.accessToken}` } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function ok(g: SignedUp, method: Method, url: string, payload?: unknown) {
  const response = await call(g, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json().data;
}

/** Buys through the real purchase route (a top-up first), as the page does. */
async function buy(g: SignedUp, itemType: 'video' | 'album', id: number) {
  await make.topUp(g, 5_000);
  await ok(g, 'POST', `${itemType}/${id}/buy`, { idempotencyKey: `mediathek-${g.id}-${itemType}-${id}` });
}

const ids = (section: { items: { video: { id: number } }[] }) => section.items.map((i) => i.video.id);

async function storedOrder(playlistId: number): Promise<number[]> {
  const rows = await queryRows<{ video_id: number }>(
    t.database.db,
    sql`select video_id from mediathek_playlist_items where playlist_id = ${playlistId} order by position`,
  );
  return rows.map((r) => Number(r.video_id));
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await app.ready();
  make = factoriesOf(t, { net: NET });
  actorId = (await make.buildActor()).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe(`media library (issue 17 deliverable 6; ${testBackend})`, () => {
  it('spec 6: a visitor gets 401 on every media library call, before anything about the input', async () => {
    for (const [method, url, body] of [
      ['GET', 'mediathek/videos/shop'],
      ['GET', 'mediathek/photos/shop'],
      ['GET', 'mediathek/playlists'],
      ['POST', 'mediathek/playlists', { name: 'x' }],
      ['GET', 'mediathek/playlists/1'],
      ['POST', 'mediathek/playlists/1', { name: 'x' }],
      ['DELETE', 'mediathek/playlists/1'],
      ['POST', 'mediathek/playlists/1/items', { videoId: 1 }],
      ['DELETE', 'mediathek/playlists/1/items/1'],
      ['POST', 'mediathek/archive', { mediaType: 'video', itemId: 1 }],
      ['DELETE', 'mediathek/archive/video/1'],
      ['GET', 'mediathek/videos/nonsense'],
    ] as const) {
      const response = await call(null, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('spec 3 source purchased: the shop lists the bought videos newest first; archive moves one to the archive section and restore brings it back', async () => {
    const g = await make.buildGuest();
    const [a, b, notBought] = await Promise.all([
      make.buildVideo(actorId),
      make.buildVideo(actorId),
      make.buildVideo(actorId),
    ]);
    await buy(g, 'video', a!.id);
    await buy(g, 'video', b!.id);

    const shop = await ok(g, 'GET', 'mediathek/videos/shop');
    expect(shop).toMatchObject({ section: 'shop', available: true, total: 2, hasMore: false });
    expect(ids(shop)).toEqual([b!.id, a!.id]);
    expect(shop.items[0]).toMatchObject({ source: 'purchased', origin: 'shop', watchable: true });

    await ok(g, 'POST', 'mediathek/archive', { mediaType: 'video', itemId: a!.id });
    // Repeating it changes nothing.
    await ok(g, 'POST', 'mediathek/archive', { mediaType: 'video', itemId: a!.id });
    expect(ids(await ok(g, 'GET', 'mediathek/videos/shop'))).toEqual([b!.id]);
    const archive = await ok(g, 'GET', 'mediathek/videos/archive');
    expect(ids(archive)).toEqual([a!.id]);
    expect(archive.items[0].source).toBe('archived');

    await ok(g, 'DELETE', `mediathek/archive/video/${a!.id}`);
    expect(ids(await ok(g, 'GET', 'mediathek/videos/shop'))).toEqual([b!.id, a!.id]);
    expect((await ok(g, 'GET', 'mediathek/videos/archive')).items).toEqual([]);
    // Restoring what is not archived, archiving what the guest did not buy: 404, nothing written.
    expect((await call(g, 'DELETE', `mediathek/archive/video/${a!.id}`)).statusCode).toBe(404);
    expect(
      (await call(g, 'POST', 'mediathek/archive', { mediaType: 'video', itemId: notBought!.id })).statusCode,
    ).toBe(404);
    expect((await ok(g, 'GET', 'mediathek/videos/archive')).total).toBe(0);
  });

  it('paging: a page of the shop has at most `limit` videos and says whether more follow', async () => {
    const g = await make.buildGuest();
    const built = [];
    for (let i = 0; i < 3; i++) built.push(await make.buildVideo(actorId));
    for (const video of built) await buy(g, 'video', video.id);
    const first = await ok(g, 'GET', 'mediathek/videos/shop?limit=2');
    expect(first).toMatchObject({ total: 3, hasMore: true, limit: 2, offset: 0 });
    const second = await ok(g, 'GET', 'mediathek/videos/shop?limit=2&offset=2');
    expect(second).toMatchObject({ total: 3, hasMore: false });
    expect([...ids(first), ...ids(second)].sort()).toEqual(built.map((v) => v.id).sort());
  });

  it('sections no feature fills yet (videos pinned/feed/clips, photos feed) answer an empty list with available false, never made-up content; photos/messenger and videos/messenger are filled by the messenger (empty until a photo or clip is bought there)', async () => {
    const g = await make.buildGuest();
    for (const section of ['pinned', 'feed', 'clips', 'playlist'])
      expect(await ok(g, 'GET', `mediathek/videos/${section}`)).toMatchObject({
        items: [],
        available: false,
        total: 0,
      });
    expect(await ok(g, 'GET', 'mediathek/photos/feed')).toMatchObject({
      albums: [],
      pictures: [],
      available: false,
    });
    expect(await ok(g, 'GET', 'mediathek/photos/messenger')).toMatchObject({
      albums: [],
      messengerMedia: [],
      available: true,
      total: 0,
    });
    expect(await ok(g, 'GET', 'mediathek/videos/messenger')).toMatchObject({
      items: [],
      messengerMedia: [],
      available: true,
      total: 0,
    });
    expect((await call(g, 'GET', 'mediathek/videos/audio')).statusCode).toBe(400);
  });

  it('photos: a bought album is under shop, a pinned album under pinned; archived albums leave both and show under archive', async () => {
    const g = await make.buildGuest();
    const bought = await make.buildAlbum(actorId, { pictures: [16] });
    const pinned = await make.buildAlbum(actorId, { pictures: [16] });
    await buy(g, 'album', bought.id);
    await t.database.db.insert(favoriteAlbums).values({ guestId: g.id, itemId: pinned.id });

    const shop = await ok(g, 'GET', 'mediathek/photos/shop');
    expect(shop.albums.map((a: { album: { id: number } }) => a.album.id)).toEqual([bought.id]);
    expect(shop.albums[0]).toMatchObject({ source: 'purchased', origin: 'shop', from: 'purchased' });
    const pins = await ok(g, 'GET', 'mediathek/photos/pinned');
    expect(pins.albums.map((a: { album: { id: number } }) => a.album.id)).toEqual([pinned.id]);
    expect(pins.albums[0].source).toBe('pinned');

    await ok(g, 'POST', 'mediathek/archive', { mediaType: 'photo', itemId: bought.id });
    await ok(g, 'POST', 'mediathek/archive', { mediaType: 'photo', itemId: pinned.id });
    expect((await ok(g, 'GET', 'mediathek/photos/shop')).albums).toEqual([]);
    expect((await ok(g, 'GET', 'mediathek/photos/pinned')).albums).toEqual([]);
    const archive = await ok(g, 'GET', 'mediathek/photos/archive');
    expect(
      archive.albums.map((a: { album: { id: number }; from: string }) => [a.album.id, a.from]).sort(),
    ).toEqual(
      [
        [bought.id, 'purchased'],
        [pinned.id, 'pinned'],
      ].sort(),
    );
    await ok(g, 'DELETE', `mediathek/archive/photo/${pinned.id}`);
    expect((await ok(g, 'GET', 'mediathek/photos/pinned')).albums).toHaveLength(1);
  });

  it('playlists: create, add, reorder in one call, rename, delete; the order survives a reload', async () => {
    const g = await make.buildGuest();
    const vs = [
      await make.buildVideo(actorId),
      await make.buildVideo(actorId),
      await make.buildVideo(actorId),
    ];
    for (const v of vs) await buy(g, 'video', v.id);
    const created = await ok(g, 'POST', 'mediathek/playlists', { name: '  Evening  ' });
    expect(created).toMatchObject({ name: 'Evening', itemCount: 0 });
    for (const v of vs) await ok(g, 'POST', `mediathek/playlists/${created.id}/items`, { videoId: v.id });
    const order = [vs[2]!.id, vs[0]!.id, vs[1]!.id];
    const saved = await ok(g, 'POST', `mediathek/playlists/${created.id}`, {
      name: 'Late night',
      videoIds: order,
    });
    expect(saved.name).toBe('Late night');
    expect(saved.items.map((i: { video: { id: number } }) => i.video.id)).toEqual(order);
    const reloaded = await ok(g, 'GET', `mediathek/playlists/${created.id}`);
    expect(reloaded.items.map((i: { video: { id: number } }) => i.video.id)).toEqual(order);
    expect((await ok(g, 'GET', 'mediathek/playlists')).playlists).toEqual([
      expect.objectContaining({ id: created.id, name: 'Late night', itemCount: 3 }),
    ]);
    // A video is in a playlist once.
    expect(
      (await call(g, 'POST', `mediathek/playlists/${created.id}/items`, { videoId: vs[0]!.id })).statusCode,
    ).toBe(409);
    await ok(g, 'DELETE', `mediathek/playlists/${created.id}/items/${vs[0]!.id}`);
    expect(await storedOrder(created.id)).toEqual([vs[2]!.id, vs[1]!.id]);
    await ok(g, 'DELETE', `mediathek/playlists/${created.id}`);
    expect((await call(g, 'GET', `mediathek/playlists/${created.id}`)).statusCode).toBe(404);
    expect(await storedOrder(created.id)).toEqual([]);
  });

  it("spec 6: another guest's playlist is unknown (404) to every call and stays unchanged", async () => {
    const owner = await make.buildGuest();
    const other = await make.buildGuest();
    const v = await make.buildVideo(actorId);
    await buy(owner, 'video', v.id);
    await buy(other, 'video', v.id);
    const list = await ok(owner, 'POST', 'mediathek/playlists', { name: 'Mine' });
    await ok(owner, 'POST', `mediathek/playlists/${list.id}/items`, { videoId: v.id });

    for (const [method, url, body] of [
      ['GET', `mediathek/playlists/${list.id}`],
      ['POST', `mediathek/playlists/${list.id}`, { name: 'Stolen' }],
      ['POST', `mediathek/playlists/${list.id}`, { videoIds: [v.id] }],
      ['POST', `mediathek/playlists/${list.id}/items`, { videoId: v.id }],
      ['DELETE', `mediathek/playlists/${list.id}/items/${v.id}`],
      ['DELETE', `mediathek/playlists/${list.id}`],
    ] as const) {
      const response = await call(other, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await ok(other, 'GET', 'mediathek/playlists')).playlists).toEqual([]);
    const mine = await ok(owner, 'GET', `mediathek/playlists/${list.id}`);
    expect(mine).toMatchObject({
      name: 'Mine',
      items: [expect.objectContaining({ video: expect.objectContaining({ id: v.id }) })],
    });
  });

  it("reorder: the whole order must list exactly the playlist's videos, each once; otherwise 400 and the order is unchanged", async () => {
    const g = await make.buildGuest();
    const vs = [
      await make.buildVideo(actorId),
      await make.buildVideo(actorId),
      await make.buildVideo(actorId),
    ];
    const outside = await make.buildVideo(actorId, { free: true, priceCents: 0, basePriceCents: 0 });
    for (const v of vs) await buy(g, 'video', v.id);
    const list = await ok(g, 'POST', 'mediathek/playlists', { name: 'Order' });
    for (const v of vs) await ok(g, 'POST', `mediathek/playlists/${list.id}/items`, { videoId: v.id });
    const before = await storedOrder(list.id);
    const [a, b, c] = vs.map((v) => v.id) as [number, number, number];
    for (const videoIds of [
      [a, b], // one missing
      [a, b, c, outside.id], // one that is not in it
      [a, b, b], // a duplicate
      [a, b, outside.id], // the same count, another video
      [],
      ['x'],
      [a, b, -c],
    ]) {
      const response = await call(g, 'POST', `mediathek/playlists/${list.id}`, { videoIds });
      expect(response.statusCode, JSON.stringify(videoIds)).toBe(400);
    }
    expect(await storedOrder(list.id)).toEqual(before);
    // Neither a name nor an order: nothing to save.
    expect((await call(g, 'POST', `mediathek/playlists/${list.id}`, {})).statusCode).toBe(400);
  });

  it('only videos the guest may watch in full go into a playlist: bought or free yes; a video only previewable 403, an unknown one 404', async () => {
    const g = await make.buildGuest();
    const bought = await make.buildVideo(actorId);
    const free = await make.buildVideo(actorId, { free: true, priceCents: 0, basePriceCents: 0 });
    const previewOnly = await make.buildVideo(actorId);
    const vipOnly = await make.buildVideo(actorId, { vip: true });
    await buy(g, 'video', bought.id);
    const list = await ok(g, 'POST', 'mediathek/playlists', { name: 'Watchable' });
    await ok(g, 'POST', `mediathek/playlists/${list.id}/items`, { videoId: bought.id });
    await ok(g, 'POST', `mediathek/playlists/${list.id}/items`, { videoId: free.id });
    for (const video of [previewOnly, vipOnly]) {
      const response = await call(g, 'POST', `mediathek/playlists/${list.id}/items`, { videoId: video.id });
      expect(response.statusCode).toBe(403);
    }
    expect(
      (await call(g, 'POST', `mediathek/playlists/${list.id}/items`, { videoId: 2 ** 31 - 1 })).statusCode,
    ).toBe(404);
    expect(await storedOrder(list.id)).toEqual([bought.id, free.id]);
  });

  it(`limits: at most ${PLAYLISTS_MAX} playlists and ${PLAYLIST_ITEMS_MAX} videos in one (409 LIMIT_EXCEEDED, nothing added)`, async () => {
    const g = await make.buildGuest();
    for (let i = 0; i < PLAYLISTS_MAX; i++) await ok(g, 'POST', 'mediathek/playlists', { name: `List ${i}` });
    const refused = await call(g, 'POST', 'mediathek/playlists', { name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('LIMIT_EXCEEDED');
    const { playlists } = await ok(g, 'GET', 'mediathek/playlists');
    expect(playlists).toHaveLength(PLAYLISTS_MAX);

    // A full playlist: its rows written directly (building 500 purchases through HTTP adds nothing here).
    const full = playlists[0].id as number;
    const extra = await make.buildVideo(actorId, { free: true, priceCents: 0, basePriceCents: 0 });
    const filler = await t.database.db
      .insert(videos)
      .values(
        Array.from({ length: PLAYLIST_ITEMS_MAX }, (_, i) => ({
          actorId,
          title: `Filler ${i}`,
          durationS: 30,
          ageRating: 16,
          priceCents: 0,
          basePriceCents: 0,
          free: true,
          releasedAt: new Date(),
          previewKey: extra.previewKey,
        })),
      )
      .returning({ id: videos.id });
    await t.database.db
      .insert(mediathekPlaylistItems)
      .values(filler.map((v, position) => ({ playlistId: full, videoId: v.id, position })));
    const response = await call(g, 'POST', `mediathek/playlists/${full}/items`, { videoId: extra.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('LIMIT_EXCEEDED');
    expect(await storedOrder(full)).toHaveLength(PLAYLIST_ITEMS_MAX);
    // The whole order of a full playlist fits in one call.
    const reversed = filler.map((v) => v.id).reverse();
    await ok(g, 'POST', `mediathek/playlists/${full}`, { videoIds: reversed });
    expect(await storedOrder(full)).toEqual(reversed);
  });

  it('limits hold under concurrent calls: near the playlist limit, parallel creates fill it exactly (one transaction per guest at a time)', async () => {
    const g = await make.buildGuest();
    for (let i = 0; i < PLAYLISTS_MAX - 2; i++) await ok(g, 'POST', 'mediathek/playlists', { name: `L${i}` });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(g, 'POST', 'mediathek/playlists', { name: `Race ${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await ok(g, 'GET', 'mediathek/playlists')).playlists).toHaveLength(PLAYLISTS_MAX);
  });

  it('bad input is a 4xx and changes nothing: control characters, an empty or 81-character name, malformed ids, unknown sections, unknown fields', async () => {
    const g = await make.buildGuest();
    for (const name of ['', '   ', 'a'.repeat(81), 'bad\u0000name', 'line\nbreak', 42, null]) {
      const response = await call(g, 'POST', 'mediathek/playlists', { name });
      expect(response.statusCode, JSON.stringify(name)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(name)).toBeLessThan(500);
    }
    expect((await call(g, 'POST', 'mediathek/playlists', { name: 'ok', extra: 1 })).statusCode).toBe(400);
    expect((await call(g, 'POST', 'mediathek/playlists', 'not json')).statusCode).toBeLessThan(500);
    expect((await ok(g, 'GET', 'mediathek/playlists')).playlists).toEqual([]);

    const list = await ok(g, 'POST', 'mediathek/playlists', { name: 'a'.repeat(80) });
    expect(list.name).toHaveLength(80);
    for (const [method, url, body] of [
      ['GET', 'mediathek/playlists/abc'],
      ['GET', 'mediathek/playlists/-1'],
      ['GET', 'mediathek/playlists/99999999999999'],
      ['GET', 'mediathek/photos/clips'],
      ['GET', 'mediathek/videos/shop?offset=-1'],
      ['GET', 'mediathek/videos/shop?limit=1000'],
      ['POST', `mediathek/playlists/${list.id}/items`, { videoId: '1; drop table' }],
      ['POST', `mediathek/playlists/${list.id}`, { name: 'x\u0007' }],
      ['POST', 'mediathek/archive', { mediaType: 'audio', itemId: 1 }],
      ['DELETE', 'mediathek/archive/video/0'],
    ] as const) {
      const response = await call(g, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    expect((await ok(g, 'GET', `mediathek/playlists/${list.id}`)).name).toHaveLength(80);
  });
});
