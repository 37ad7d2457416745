/**
 * Photos (issue 5 deliverable 4) through HTTP and GraphQL against a real database (PGlite, or
 * PostgreSQL when DATABASE_URL is set): like/dislike ratings of albums, pictures and sedcards
 * (spec 3/7: responses carry guestRatingLikes, guestRatingDislikes, isLiked, isDisliked), album
 * comments (spec 5: once per guest; spec 9: limit 500), album views (spec 6: logged-in only).
 * The actor, albums and pictures each test relies on are created here.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.54.x.y). */
const NET = '10.54';

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
let carol: SignedUp;
let actor: { id: number; name: string };
let otherActor: { id: number; name: string };
let make: Factories;

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(t.database.db, query);
  if (!row) throw new Error('no row');
  return row;
}

/** An album's pictures by age rating: the first FSK 16 (shown on FSK 16 sedcards), the others 18. */
const PICTURES = [16, 18, 18] as const;
const createAlbum = (actorId: number, pictures: readonly (16 | 18)[] = PICTURES) =>
  make.buildAlbum(actorId, { pictures });

const counters = (table: 'albums' | 'pictures', id: number) =>
  one<{ likes: number; dislikes: number }>(
    sql`select likes, dislikes from ${sql.raw(table)} where id = ${id}`,
  ).then((r) => ({ likes: Number(r.likes), dislikes: Number(r.dislikes) }));

function post(path: string, payload: unknown, who?: SignedUp) {
  return t.app.inject({
    method: 'POST',
    url: `/rest/v1/${path}`,
    remoteAddress: nextIp(NET),
    ...(who ? { headers: { cookie: who.cookie } } : {}),
    payload: payload as object,
  });
}

function get(path: string, who?: SignedUp) {
  return t.app.inject({
    method: 'GET',
    url: `/rest/v1/${path}`,
    remoteAddress: nextIp(NET),
    ...(who ? { headers: { cookie: who.cookie } } : {}),
  });
}

/**
 * The gallery service as the page loaders call it, with its own signing key: its picture tokens
 * differ from the app's, so answers are compared with the tokens masked (`masked`).
 */
async function galleryService() {
  const { createGalleryRepository } = await import('../src/modules/gallery/gallery.repository.ts');
  const { createGalleryService } = await import('../src/modules/gallery/gallery.service.ts');
  const { pictureUrlSigner } = await import('../src/modules/gallery/picture-media.ts');
  const { createMediaSigner, mediaKeyOf } = await import('../src/infra/signed-media.ts');
  return createGalleryService({
    repository: createGalleryRepository(t.database.db, createGuestsRepository(t.database.db).screenNamesOf),
    pictureUrls: pictureUrlSigner(createMediaSigner(mediaKeyOf('gallery-test-secret-0123456789abcdef'))),
  });
}

/** A JSON copy of `value` with every signed picture URL's token replaced by `T`. */
const masked = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\?t=[^"]+/g, '?t=T'));

const dataOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
};

function graphql(query: string, who?: SignedUp) {
  return t.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: nextIp(NET),
    headers: {
      'content-type': 'application/json',
      ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}),
    },
    payload: JSON.stringify({ query }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  make = factoriesOf(t, { net: NET });
  alice = await make.buildGuest({ name: 'gallery_alice' });
  bob = await make.buildGuest({ name: 'gallery_bob' });
  carol = await make.buildGuest({ name: 'gallery_carol' });
  actor = await make.buildActor({ name: make.unique('GalleryStar') });
  otherActor = await make.buildActor({ name: make.unique('OtherStar') });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** The rating answer (spec 3/7): the album's or picture's counts and the guest's own rating (1 like, -1 dislike, 0 none). */
const rating = (likes: number, dislikes: number, own: 1 | 0 | -1) => ({
  guestRatingLikes: likes,
  guestRatingDislikes: dislikes,
  isLiked: own === 1,
  isDisliked: own === -1,
});

describe('album ratings (spec 3/7 gallery/setGuestRating)', () => {
  it('none -> like -> dislike -> none keeps the counters exact; responses carry the four fields', async () => {
    const album = await createAlbum(actor.id);
    const rate = (guestRating: number) =>
      post('gallery/setGuestRating', { albumId: album.id, guestRating }, alice);

    expect(dataOf(await rate(1))).toEqual(rating(1, 0, 1));
    expect(await counters('albums', album.id)).toEqual({ likes: 1, dislikes: 0 });
    // The same rating again changes nothing.
    expect(dataOf(await rate(1))).toMatchObject({
      guestRatingLikes: 1,
      guestRatingDislikes: 0,
      isLiked: true,
    });
    // Switching like -> dislike moves the count.
    expect(dataOf(await rate(-1))).toEqual(rating(0, 1, -1));
    expect(await counters('albums', album.id)).toEqual({ likes: 0, dislikes: 1 });
    expect(dataOf(await rate(0))).toEqual(rating(0, 0, 0));
    expect(await counters('albums', album.id)).toEqual({ likes: 0, dislikes: 0 });
    const rows = await queryRows(
      t.database.db,
      sql`select * from album_ratings where album_id = ${album.id}`,
    );
    expect(rows).toHaveLength(0);
  });

  it("two guests' ratings are independent", async () => {
    const album = await createAlbum(actor.id);
    expect(
      dataOf(await post('gallery/setGuestRating', { albumId: album.id, guestRating: 1 }, alice)),
    ).toMatchObject({
      guestRatingLikes: 1,
      isLiked: true,
    });
    // Bob sees Alice's like in the count, but not as his own.
    expect(dataOf(await post('gallery/setGuestRating', { albumId: album.id, guestRating: -1 }, bob))).toEqual(
      rating(1, 1, -1),
    );
    expect(dataOf(await post('gallery/setGuestRating', { albumId: album.id, guestRating: 0 }, bob))).toEqual(
      rating(1, 0, 0),
    );
    const opened = dataOf(await get(`gallery/open?albumId=${album.id}`, alice));
    expect(opened.album).toMatchObject({ guestRatingLikes: 1, isLiked: true, isDisliked: false });
    const asBob = dataOf(await get(`gallery/getPreview?albumId=${album.id}`, bob));
    expect(asBob.album).toMatchObject({ guestRatingLikes: 1, isLiked: false, isDisliked: false });
  });

  it('20 concurrent ratings by one guest leave counters consistent with the one stored rating', async () => {
    const album = await createAlbum(actor.id);
    const values = Array.from({ length: 20 }, (_, i) => [1, -1, 0, 1, -1][i % 5]);
    const answers = await Promise.all(
      values.map((guestRating) => post('gallery/setGuestRating', { albumId: album.id, guestRating }, carol)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const stored = await queryRows<{ rating: number }>(
      t.database.db,
      sql`select rating from album_ratings where album_id = ${album.id}`,
    );
    expect(stored.length).toBeLessThanOrEqual(1);
    const rating = stored[0] ? Number(stored[0].rating) : 0;
    expect(await counters('albums', album.id)).toEqual({
      likes: rating === 1 ? 1 : 0,
      dislikes: rating === -1 ? 1 : 0,
    });
  });

  it('visitors get 401 and nothing changes', async () => {
    const album = await createAlbum(actor.id);
    const response = await post('gallery/setGuestRating', { albumId: album.id, guestRating: 1 });
    expect(response.statusCode).toBe(401);
    expect(await counters('albums', album.id)).toEqual({ likes: 0, dislikes: 0 });
    expect((await post(`gallery/setSedcardsGuestRating/${actor.id}`, { guestRating: 1 })).statusCode).toBe(
      401,
    );
    expect(
      (await post('gallery/setPictureGuestRating', { pictureId: album.pictureIds[0], guestRating: 1 }))
        .statusCode,
    ).toBe(401);
  });

  it('bad input answers 400 with a code; unknown album 404', async () => {
    const album = await createAlbum(actor.id);
    for (const payload of [
      { albumId: album.id, guestRating: 2 },
      { albumId: album.id, guestRating: 'like' },
      { albumId: album.id },
      { albumId: -1, guestRating: 1 },
    ]) {
      const response = await post('gallery/setGuestRating', payload, alice);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const unknown = await post('gallery/setGuestRating', { albumId: 2_000_000_000, guestRating: 1 }, alice);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ALBUM_NOT_FOUND');
    expect(await counters('albums', album.id)).toEqual({ likes: 0, dislikes: 0 });
  });
});

describe('picture and sedcard ratings (spec 3: same four fields)', () => {
  it('picture rating moves only that picture', async () => {
    const album = await createAlbum(actor.id);
    const [first, second] = album.pictureIds as [number, number];
    expect(
      dataOf(await post('gallery/setPictureGuestRating', { pictureId: first, guestRating: 1 }, alice)),
    ).toEqual(rating(1, 0, 1));
    expect(
      dataOf(await post('gallery/setPictureGuestRating', { pictureId: first, guestRating: -1 }, alice)),
    ).toEqual(rating(0, 1, -1));
    expect(await counters('pictures', first)).toEqual({ likes: 0, dislikes: 1 });
    expect(await counters('pictures', second)).toEqual({ likes: 0, dislikes: 0 });
    expect(await counters('albums', album.id)).toEqual({ likes: 0, dislikes: 0 });
    const unknown = await post(
      'gallery/setPictureGuestRating',
      { pictureId: 2_000_000_000, guestRating: 1 },
      alice,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('sedcard rating moves actors.sedcard_likes/dislikes; getsedcards returns the fields and photos', async () => {
    const sedcardActor = await make.buildActor({ name: make.unique('Sedcard') });
    await createAlbum(sedcardActor.id, [16, 18, 18, 18]);
    expect(
      dataOf(await post(`gallery/setSedcardsGuestRating/${sedcardActor.id}`, { guestRating: 1 }, alice)),
    ).toEqual(rating(1, 0, 1));
    expect(
      dataOf(await post(`gallery/setSedcardsGuestRating/${sedcardActor.id}`, { guestRating: -1 }, bob)),
    ).toEqual(rating(1, 1, -1));
    const byName = dataOf(await get(`gallery/getsedcards/${sedcardActor.name}`, alice));
    expect(byName).toMatchObject({
      actor: { id: sedcardActor.id, slug: sedcardActor.name.toLowerCase() },
      guestRatingLikes: 1,
      guestRatingDislikes: 1,
      isLiked: true,
      isDisliked: false,
    });
    // The avatar and the album's 3 preview pictures (issue 17: the 4th is locked until bought, so
    // the sedcard does not show it), each with a URL signed for the caller.
    expect(byName.photos).toHaveLength(4);
    expect(byName.photos[0].urls).toBeNull();
    for (const photo of byName.photos.slice(1))
      expect(photo.urls.w640).toMatch(
        new RegExp(`^/media/pictures/${photo.id}/w640\\.webp\\?t=${alice.id}\\.`),
      );
    const fsk16 = dataOf(
      await get(
        `gallery/getsedcards/${sedcardActor.id}/${encodeURIComponent(JSON.stringify({ ageRating: 16 }))}`,
      ),
    );
    expect(fsk16.isLiked).toBe(false);
    expect(fsk16.photos.every((p: { image: { ageRating: number } }) => p.image.ageRating === 16)).toBe(true);
    expect(fsk16.photos).toHaveLength(2);
    const actorRow = await one<{ l: number; d: number }>(
      sql`select sedcard_likes as l, sedcard_dislikes as d from actors where id = ${sedcardActor.id}`,
    );
    expect({ l: Number(actorRow.l), d: Number(actorRow.d) }).toEqual({ l: 1, d: 1 });
    expect((await get('gallery/getsedcards/nobody-by-that-name')).statusCode).toBe(404);
    expect((await get('gallery/getsedcards/x/%7Bnot-json')).statusCode).toBe(400);
  });
});

describe('album comments (spec 3/5/9)', () => {
  it('a guest may comment on an album only once: the second answers 409 ALREADY_COMMENTED and changes nothing; total +1', async () => {
    const album = await createAlbum(actor.id);
    const before = dataOf(await get(`gallery/getComments?albumId=${album.id}`, alice));
    expect(before).toEqual({ list: [], total: 0, isGuestAllowedToCommentAlbum: true });

    const first = await post(
      'gallery/postComment',
      { albumId: album.id, commentText: '  Lovely light  ' },
      alice,
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      comment: { text: 'Lovely light', guestName: 'gallery_alice', isOwn: true },
      total: 1,
      isGuestAllowedToCommentAlbum: false,
    });

    const second = await post('gallery/postComment', { albumId: album.id, commentText: 'again' }, alice);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('ALREADY_COMMENTED');

    const after = dataOf(await get(`gallery/getComments?albumId=${album.id}`, alice));
    expect(after.total).toBe(1);
    expect(after.list.map((c: { text: string }) => c.text)).toEqual(['Lovely light']);
    expect(after.isGuestAllowedToCommentAlbum).toBe(false);
    const row = await one<{ n: number }>(sql`select comment_count as n from albums where id = ${album.id}`);
    expect(Number(row.n)).toBe(1);

    // Another guest may still comment; newest first.
    const bobs = await post('gallery/postComment', { albumId: album.id, commentText: 'Second!' }, bob);
    expect(bobs.json().data.total).toBe(2);
    const asBob = dataOf(await get(`gallery/getComments?albumId=${album.id}`, bob));
    expect(asBob.list.map((c: { text: string; isOwn: boolean }) => [c.text, c.isOwn])).toEqual([
      ['Second!', true],
      ['Lovely light', false],
    ]);
  });

  it('concurrent comments by one guest: exactly one is stored (the unique constraint decides)', async () => {
    const album = await createAlbum(actor.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post('gallery/postComment', { albumId: album.id, commentText: `race ${i}` }, carol),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const row = await one<{ n: number; c: number }>(
      sql`select comment_count as n, (select count(*)::int from album_comments where album_id = ${album.id}) as c
          from albums where id = ${album.id}`,
    );
    expect({ n: Number(row.n), c: Number(row.c) }).toEqual({ n: 1, c: 1 });
  });

  it('visitors cannot comment (401) and are not allowed to (isGuestAllowedToCommentAlbum false)', async () => {
    const album = await createAlbum(actor.id);
    expect((await post('gallery/postComment', { albumId: album.id, commentText: 'hi' })).statusCode).toBe(
      401,
    );
    expect(dataOf(await get(`gallery/getComments?albumId=${album.id}`))).toEqual({
      list: [],
      total: 0,
      isGuestAllowedToCommentAlbum: false,
    });
  });

  it('comment text is sanitized: control characters removed (C0 ones are refused at the edge), HTML stays literal text, 1-1000 characters', async () => {
    const album = await createAlbum(actor.id);
    const html = '<img src=x onerror=alert(1)>\u0085\u009f <b>hi</b>\u202E';
    const posted = dataOf(await post('gallery/postComment', { albumId: album.id, commentText: html }, bob));
    expect(posted.comment.text).toBe('<img src=x onerror=alert(1)> <b>hi</b>');
    // C0 controls other than tab and line breaks never reach the route (issue 14, decision 0025).
    const refused = await post(
      'gallery/postComment',
      { albumId: album.id, commentText: 'hi\u0000\u0007' },
      bob,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('INVALID_CHARACTERS');

    const other = await createAlbum(actor.id);
    for (const commentText of ['   ', '\u0000\u0001', 'x'.repeat(1001)]) {
      const response = await post('gallery/postComment', { albumId: other.id, commentText }, bob);
      expect(response.statusCode, commentText.slice(0, 10)).toBe(400);
    }
    expect((await post('gallery/postComment', { albumId: other.id }, bob)).statusCode).toBe(400);
    expect(dataOf(await get(`gallery/getComments?albumId=${other.id}`, bob)).total).toBe(0);
    expect(
      dataOf(await post('gallery/postComment', { albumId: other.id, commentText: 'y'.repeat(1000) }, bob))
        .total,
    ).toBe(1);
  });

  it('limit default and maximum 500 (limit 501 -> 400); offset paging, newest first', async () => {
    const album = await createAlbum(actor.id);
    // 7 comments by 7 guests, inserted directly with distinct times.
    const more = [];
    for (const name of ['dave', 'erin', 'frank', 'gina'])
      more.push(await make.buildGuest({ name: `gallery_${name}` }));
    const guests = [alice, bob, carol, ...more];
    let i = 0;
    for (const guest of guests) {
      i += 1;
      await queryRows(
        t.database.db,
        sql`insert into album_comments (album_id, guest_id, text, created_at)
            values (${album.id}, ${guest.id}, ${`c${i}`}, now() - make_interval(mins => ${100 - i}))`,
      );
    }
    await queryRows(t.database.db, sql`update albums set comment_count = 7 where id = ${album.id}`);

    expect((await get(`gallery/getComments?albumId=${album.id}&limit=501`)).statusCode).toBe(400);
    expect((await get(`gallery/getComments?albumId=${album.id}&limit=0`)).statusCode).toBe(400);
    expect((await get(`gallery/getComments?albumId=${album.id}&offset=-1`)).statusCode).toBe(400);
    expect((await get('gallery/getComments')).statusCode).toBe(400);
    const all = dataOf(await get(`gallery/getComments?albumId=${album.id}&limit=500`));
    expect(all.list.map((c: { text: string }) => c.text)).toEqual(['c7', 'c6', 'c5', 'c4', 'c3', 'c2', 'c1']);
    const page = dataOf(await get(`gallery/getComments?albumId=${album.id}&limit=3&offset=3`));
    expect(page.list.map((c: { text: string }) => c.text)).toEqual(['c4', 'c3', 'c2']);
    expect(page.total).toBe(7);
    const unknown = await get('gallery/getComments?albumId=2000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('unknown album: 404 for comment, open and preview', async () => {
    expect(
      (await post('gallery/postComment', { albumId: 2_000_000_000, commentText: 'x' }, alice)).statusCode,
    ).toBe(404);
    expect((await get('gallery/open?albumId=2000000000', alice)).statusCode).toBe(404);
    expect((await get('gallery/open?albumId=2000000000')).statusCode).toBe(404);
    expect((await get('gallery/getPreview?albumId=2000000000')).statusCode).toBe(404);
  });
});

describe('album views (spec 6: album view recording is logged-in only)', () => {
  it('a view is recorded once per guest and never for visitors', async () => {
    const album = await createAlbum(actor.id);
    const visitor = dataOf(await get(`gallery/open?albumId=${album.id}`));
    expect(visitor).toMatchObject({ viewRecorded: false, album: { albumTotalViews: 0 } });
    const first = dataOf(await get(`gallery/open?albumId=${album.id}`, alice));
    expect(first).toMatchObject({ viewRecorded: true, album: { albumTotalViews: 1 } });
    const again = dataOf(await post('gallery/open', { albumId: album.id }, alice));
    expect(again).toMatchObject({ viewRecorded: false, album: { albumTotalViews: 1 } });
    const bobs = dataOf(await get(`gallery/open?albumId=${album.id}`, bob));
    expect(bobs.album.albumTotalViews).toBe(2);
    const views = await queryRows(
      t.database.db,
      sql`select guest_id from album_views where album_id = ${album.id}`,
    );
    expect(views).toHaveLength(2);
  });
});

describe('preview, pinned photos, album page', () => {
  it('gallery/getPreview: the cover and the first 4 pictures (issue 17: the first 3 open with signed URLs, the 4th locked without any)', async () => {
    const album = await createAlbum(actor.id, [16, 18, 18, 18, 18, 18]);
    const preview = dataOf(await get(`gallery/getPreview?albumId=${album.id}`));
    expect(preview.album).toMatchObject({
      id: album.id,
      actor: { id: actor.id },
      pictureCount: 6,
      type: 'image',
    });
    expect(preview.pictures.map((p: { id: number }) => p.id)).toEqual(album.pictureIds.slice(0, 4));
    expect(preview.pictures.map((p: { locked: boolean }) => p.locked)).toEqual([false, false, false, true]);
    // A visitor's URLs are signed for guest 0; the locked entry names neither a key nor a URL.
    expect(preview.pictures[0].urls.w320).toMatch(/^\/media\/pictures\/\d+\/w320\.webp\?t=0\./);
    expect(Object.keys(preview.pictures[3]).sort()).toEqual(['aspect', 'id', 'locked', 'position']);
    expect(preview.cover.key).toEqual(expect.any(String));
  });

  it('gallery/getPinnedPhotos: logged-in only; the pictures the guest pinned (socket pinPicture), newest pin first, only their own', async () => {
    expect((await get('gallery/getPinnedPhotos')).statusCode).toBe(401);
    expect(dataOf(await get('gallery/getPinnedPhotos', alice))).toMatchObject({ list: [], total: 0 });
    const pictures = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from pictures order by id limit 2`,
    );
    const [first, second] = pictures.map((p) => Number(p.id));
    await queryRows(
      t.database.db,
      sql`insert into favorite_pictures (guest_id, picture_id, created_at)
          values (${alice.id}, ${first}, now() - interval '1 minute'), (${alice.id}, ${second}, now())`,
    );
    const pinned = dataOf(await get('gallery/getPinnedPhotos', alice)) as {
      list: { id: number }[];
      total: number;
    };
    expect(pinned.total).toBe(2);
    expect(pinned.list.map((p) => p.id)).toEqual([second, first]);
    expect(dataOf(await get('gallery/getPinnedPhotos', bob))).toMatchObject({ list: [], total: 0 });
  });

  it('getPreview and getsedcards answer exactly what the service presents (decision 0032: the contract strips nothing)', async () => {
    const album = await createAlbum(actor.id, [16, 18, 18, 18, 18]);
    const service = await galleryService();
    expect(masked(dataOf(await get(`gallery/getPreview?albumId=${album.id}`, alice)))).toEqual(
      masked(await service.preview(album.id, alice.id, null)),
    );
    const payload = encodeURIComponent(JSON.stringify({ limit: 3, offset: 1, ageRating: 16 }));
    expect(masked(dataOf(await get(`gallery/getsedcards/${actor.id}/${payload}`, alice)))).toEqual(
      masked(
        await service.sedcard({ id: actor.id }, alice.id, { maxAgeRating: 16, limit: 3, offset: 1 }, null),
      ),
    );
    expect(masked(dataOf(await get(`gallery/getsedcards/${actor.name.toUpperCase()}`)))).toEqual(
      masked(
        await service.sedcard(
          { slug: actor.name.toLowerCase() },
          null,
          { maxAgeRating: 18, limit: 12, offset: 0 },
          null,
        ),
      ),
    );
    // The refusals name the payload's own fields, as before the declaration.
    const refused = async (path: string) => (await get(path)).json().error;
    expect(await refused(`gallery/getsedcards/${actor.id}/%7Bnot-json`)).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'payload: not URL-encoded JSON',
    });
    expect(
      (await refused(`gallery/getsedcards/${actor.id}/${encodeURIComponent('{"limit":61}')}`)).message,
    ).toMatch(/^limit: /);
    expect((await refused('gallery/getsedcards/99999999999999999999')).message).toBe(
      'actorIdOrName: not an id',
    );
  });

  it('album page: an album of another actor is not found (null); the actor name is compared lower-cased', async () => {
    const album = await createAlbum(actor.id);
    // The page loader's call: the service compares the lower-cased actor name.
    const service = await galleryService();
    expect(await service.albumPage('en', otherActor.name, album.id, null, null)).toBeNull();
    const page = await service.albumPage('en', actor.name.toUpperCase(), album.id, alice.id, null);
    if (!page || 'blocked' in page) throw new Error('expected the album page');
    expect(page.album.id).toBe(album.id);
    expect(page.pictures).toHaveLength(3);
    expect(page.comments.isGuestAllowedToCommentAlbum).toBe(true);
  });

  it('banned countries (spec 6): the album page is blocked and gallery/open is 403 ACTOR_BLOCKED_IN_COUNTRY; nothing is recorded; other countries see it', async () => {
    const banned = await make.buildActor({ name: make.unique('Banned'), bannedCountryCodes: ['DE', 'ch'] });
    const album = await createAlbum(banned.id);
    const service = await galleryService();
    expect(await service.albumPage('en', banned.name, album.id, alice.id, 'DE')).toEqual({ blocked: true });
    expect(await service.albumPage('en', banned.name, album.id, null, 'CH')).toEqual({ blocked: true });
    const seen = await service.albumPage('en', banned.name, album.id, null, 'AT');
    expect(seen && !('blocked' in seen) ? seen.album.id : null).toBe(album.id);
    const open = (country: string | null) =>
      t.app.inject({
        method: 'GET',
        url: `/rest/v1/gallery/open?albumId=${album.id}`,
        headers: { cookie: alice.cookie, ...(country ? { 'x-country-code': country } : {}) },
        remoteAddress: nextIp(NET),
      });
    const blocked = await open('de');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('ACTOR_BLOCKED_IN_COUNTRY');
    expect(String(blocked.headers.vary)).toContain('x-country-code');
    const [views] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from album_views where album_id = ${album.id}`,
    );
    expect(views!.n).toBe(0);
    const allowed = await open('AT');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.viewRecorded).toBe(true);
    expect((await open(null)).statusCode).toBe(200);
  });
});

describe('GraphQL galleries, likeGallery, dislikeGallery, viewAlbum (spec 7)', () => {
  it('mutations need a token; like then dislike moves the counts; viewAlbum records once', async () => {
    const album = await createAlbum(otherActor.id);
    const anonymous = await graphql(`mutation { likeGallery(albumId: ${album.id}) { guestRatingLikes } }`);
    expect(anonymous.json().errors?.[0]?.message).toBe('Missing Vxql-Token');

    const liked = await graphql(
      `mutation { likeGallery(albumId: ${album.id}) { albumId guestRatingLikes guestRatingDislikes isLiked isDisliked } }`,
      alice,
    );
    expect(liked.json().data.likeGallery).toEqual({
      albumId: album.id,
      guestRatingLikes: 1,
      guestRatingDislikes: 0,
      isLiked: true,
      isDisliked: false,
    });
    const disliked = await graphql(
      `mutation { dislikeGallery(albumId: ${album.id}) { guestRatingLikes guestRatingDislikes isLiked isDisliked } }`,
      alice,
    );
    expect(disliked.json().data.dislikeGallery).toEqual(rating(0, 1, -1));
    expect(await counters('albums', album.id)).toEqual({ likes: 0, dislikes: 1 });

    const view = async () =>
      (await graphql(`mutation { viewAlbum(albumId: ${album.id}) { albumTotalViews } }`, bob)).json().data
        .viewAlbum;
    expect(await view()).toEqual({ albumTotalViews: 1 });
    expect(await view()).toEqual({ albumTotalViews: 1 });

    const list = await graphql(
      `{ galleries(actorId: ${otherActor.id}, limit: 5) { id title price { value currency } actor { id } isDisliked guestRatingDislikes albumTotalViews } }`,
      alice,
    );
    const galleries = list.json().data.galleries;
    expect(galleries[0]).toMatchObject({
      id: album.id,
      actor: { id: otherActor.id },
      isDisliked: true,
      guestRatingDislikes: 1,
      albumTotalViews: 1,
      price: { value: 499, currency: 'EUR' },
    });
    const public_ = await graphql(`{ galleries(actorId: ${otherActor.id}) { id isDisliked } }`);
    expect(public_.json().data.galleries[0]).toEqual({ id: album.id, isDisliked: false });
    const bad = await graphql('{ galleries(limit: 101) { id } }');
    expect(bad.json().errors?.[0]?.message).toMatch(/limit/);
    const unknown = await graphql('mutation { likeGallery(albumId: 2000000000) { isLiked } }', alice);
    expect(unknown.json().errors?.[0]?.extensions?.code).toBe('ALBUM_NOT_FOUND');
  });
});
