/**
 * What an album purchase unlocks, and only that (issue 17 deliverable 3 and "Done when"; spec 3
 * gallery album/picture, spec 4 album purchase success, spec 7 album/{albumId}/buy and gallery/open,
 * spec 9 image sizes w320/w640/w1280) through HTTP against a real database (PGlite, or PostgreSQL
 * when DATABASE_URL is set):
 * - an album not bought shows its first 3 pictures (ALBUM_PREVIEW_PICTURES) through URLs signed for
 *   the caller; the rest are locked entries without key or URL;
 * - a picture's pool file is never served under /media/ directly; a signed URL opens only for the
 *   guest it was signed for, until it expires, for the picture and size it names: a direct
 *   (unsigned), foreign, expired or forged URL is 403 with no image bytes;
 * - a purchase (wallet or photo voucher, type 4) opens every picture at the next gallery/open; a
 *   double purchase charges once and the ledger invariants hold;
 * - FSK-18 pictures still need the accepted age check, a banned country is still 403.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AlbumPicture, GalleryPicture } from '@vela/contracts/gallery';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { ALBUM_PREVIEW_PICTURES } from '@vela/domain/album-access';
import { SIGNED_MEDIA_TTL_SECONDS } from '@vela/domain/video-access';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.71.x.y). */
const NET = '10.71';
const TOKEN = 'gallery-access-test-token-abcdefgh';

let t: TestApp;
let make: Factories;
let actor: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp({ env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' } });
  make = factoriesOf(t, { net: NET, operatorToken: TOKEN });
  actor = await make.buildActor({ name: make.unique('Unlock') });
}, 180_000);

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

function rest(method: 'GET' | 'POST', url: string, who?: SignedUp | null, payload?: object) {
  return t.app.inject({
    method,
    url: `/rest/v1/${url}`,
    remoteAddress: nextIp(NET),
    ...(who ? { headers: { cookie: who.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** A media URL as the browser's <img> fetches it: with the caller's session cookie, if any. */
function fetchMedia(url: string, who?: SignedUp | null, country?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: nextIp(NET),
    headers: { ...(who ? { cookie: who.cookie } : {}), ...(country ? { 'x-country-code': country } : {}) },
  });
}

const isWebp = (response: LightMyRequestResponse) =>
  response.rawPayload.subarray(0, 4).toString('latin1') === 'RIFF' &&
  response.rawPayload.subarray(8, 12).toString('latin1') === 'WEBP';

/** 403, JSON, not one byte of an image. */
function expectRefused(response: LightMyRequestResponse, code: string) {
  expect(response.statusCode, response.body).toBe(403);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  expect(isWebp(response)).toBe(false);
  expect(response.json().error.code).toBe(code);
  expect(String(response.headers['cache-control'])).toContain('no-store');
}

async function openAlbum(albumId: number, who?: SignedUp | null): Promise<AlbumPicture[]> {
  const response = await rest('GET', `gallery/open?albumId=${albumId}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.pictures;
}

const openOnes = (pictures: AlbumPicture[]) => pictures.filter((p): p is GalleryPicture => !p.locked);

async function keyOf(pictureId: number): Promise<string> {
  const [row] = await queryRows<{ key: string }>(
    t.database.db,
    sql`select image_key as key from pictures where id = ${pictureId}`,
  );
  return String(row?.key);
}

const buy = (albumId: number, who: SignedUp, idempotencyKey = make.unique('buy')) =>
  rest('POST', `album/${albumId}/buy`, who, { idempotencyKey });

describe('an album not bought: the preview pictures open, the rest locked (issue 17 deliverable 3, spec 7 gallery/open)', () => {
  it(`a visitor and a logged-in non-buyer get the first ${ALBUM_PREVIEW_PICTURES} pictures with URLs signed for them, the rest as locked entries without key or URL`, async () => {
    const album = await make.buildAlbum(actor.id, { pictures: [16, 16, 16, 16, 16, 16] });
    const guest = await make.buildGuest();
    for (const who of [null, guest]) {
      const pictures = await openAlbum(album.id, who);
      expect(pictures.map((p) => p.id)).toEqual(album.pictureIds);
      expect(pictures.map((p) => p.locked)).toEqual([false, false, false, true, true, true]);
      for (const locked of pictures.filter((p) => p.locked)) {
        expect(Object.keys(locked).sort()).toEqual(['aspect', 'id', 'locked', 'position']);
        expect(JSON.stringify(locked)).not.toMatch(/media|photo-|\?t=/);
      }
      for (const picture of openOnes(pictures)) {
        // Signed for the caller: guest 0 for a visitor.
        const signedFor = who ? who.id : 0;
        expect(picture.urls).toEqual({
          w320: expect.stringMatching(
            new RegExp(`^/media/pictures/${picture.id}/w320\\.webp\\?t=${signedFor}\\.`),
          ),
          w640: expect.stringMatching(
            new RegExp(`^/media/pictures/${picture.id}/w640\\.webp\\?t=${signedFor}\\.`),
          ),
          w1280: expect.stringMatching(
            new RegExp(`^/media/pictures/${picture.id}/w1280\\.webp\\?t=${signedFor}\\.`),
          ),
        });
        const served = await fetchMedia(picture.urls.w640, who);
        expect(served.statusCode).toBe(200);
        expect(isWebp(served)).toBe(true);
        expect(String(served.headers['cache-control'])).toMatch(/^private/);
      }
    }
    // The album page (the page loaders' call) answers the same entries.
    const page = await rest('GET', `gallery/getPreview?albumId=${album.id}`, guest);
    expect(page.json().data.pictures.map((p: AlbumPicture) => p.locked)).toEqual([false, false, false, true]);
  });

  it('the files of locked pictures are refused by direct URL, by another guest’s signed URL, by an expired URL and by a forged token: 403, no image bytes', async () => {
    const album = await make.buildAlbum(actor.id, { pictures: [16, 16, 16, 16, 16] });
    const buyer = await make.buildGuest({ balanceCents: 5_000 });
    const other = await make.buildGuest();
    const lockedId = album.pictureIds[4] as number;
    const key = await keyOf(lockedId);

    // Direct: the pool file behind any album picture, in every size, and the signed path without a token.
    for (const size of ['w320', 'w640', 'w1280'])
      expectRefused(await fetchMedia(`/media/${size}/${key}.webp`, buyer), 'FORBIDDEN');
    expectRefused(await fetchMedia(`/media/w640/${key.toUpperCase()}.webp`), 'FORBIDDEN');
    expectRefused(await fetchMedia(`/media/pictures/../w640/${key}.webp`, buyer), 'FORBIDDEN');
    expectRefused(await fetchMedia(`/media/pictures/%2e%2e/w640/${key}.webp`, buyer), 'FORBIDDEN');
    expectRefused(await fetchMedia(`/media/pictures/${lockedId}/w640.webp`, buyer), 'FORBIDDEN');
    expectRefused(await fetchMedia(`/media/pictures/${lockedId}/w640.webp?t=`, buyer), 'FORBIDDEN');

    // The buyer's URL after the purchase opens for the buyer only.
    expect((await buy(album.id, buyer)).statusCode).toBe(200);
    const bought = openOnes(await openAlbum(album.id, buyer));
    expect(bought).toHaveLength(5);
    const url = (bought.find((p) => p.id === lockedId) as GalleryPicture).urls.w640;
    const served = await fetchMedia(url, buyer);
    expect(served.statusCode).toBe(200);
    expect(
      served.rawPayload.equals(await readFile(path.join(t.config.mediaDir, 'w640', `${key}.webp`))),
    ).toBe(true);
    // Foreign: another guest, or a visitor, with the buyer's copy of the URL.
    const foreign = await fetchMedia(url, other);
    expectRefused(foreign, 'FORBIDDEN');
    expect(foreign.json().error.reason).toBe('foreign');
    expectRefused(await fetchMedia(url, null), 'FORBIDDEN');
    // Forged: a changed MAC; the token of one picture or size on another's URL.
    const token = new URL(url, 'http://x').searchParams.get('t') as string;
    // (A character inside the MAC: the last one carries padding bits only.)
    const at = token.length - 5;
    const flipped = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    const forged = await fetchMedia(`/media/pictures/${lockedId}/w640.webp?t=${flipped}`, buyer);
    expectRefused(forged, 'FORBIDDEN');
    expect(forged.json().error.reason).toBe('forged');
    const firstId = album.pictureIds[0] as number;
    expect((await fetchMedia(`/media/pictures/${firstId}/w640.webp?t=${token}`, buyer)).statusCode).toBe(403);
    expect((await fetchMedia(`/media/pictures/${lockedId}/w1280.webp?t=${token}`, buyer)).statusCode).toBe(
      403,
    );
    // The other guest's own answer still has the picture locked.
    expect((await openAlbum(album.id, other)).find((p) => p.id === lockedId)?.locked).toBe(true);

    // Expired: the clock moved past the token's lifetime.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (SIGNED_MEDIA_TTL_SECONDS + 5) * 1000 });
    try {
      const expired = await fetchMedia(url, buyer);
      expectRefused(expired, 'FORBIDDEN');
      expect(expired.json().error.reason).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a purchase unlocks every picture at once (spec 4 album purchase success, spec 7 album/{albumId}/buy)', () => {
  it('the buyer gets all pictures open at the next gallery/open; the covers stay public', async () => {
    const album = await make.buildAlbum(actor.id, { pictures: [16, 16, 16, 16, 16, 16, 16] });
    const buyer = await make.buildGuest({ balanceCents: 5_000 });
    expect(openOnes(await openAlbum(album.id, buyer))).toHaveLength(ALBUM_PREVIEW_PICTURES);
    const bought = await buy(album.id, buyer);
    expect(bought.json().data).toMatchObject({ success: true, guestBalanceCents: 5_000 - 499 });
    const pictures = await openAlbum(album.id, buyer);
    expect(pictures.every((p) => !p.locked)).toBe(true);
    for (const picture of openOnes(pictures))
      expect(isWebp(await fetchMedia(picture.urls.w320, buyer))).toBe(true);
    // The album's cover is not an album picture's key: public, cacheable by anyone.
    const cover = await fetchMedia(`/media/w640/${album.coverKey}.webp`);
    expect(cover.statusCode).toBe(200);
    expect(isWebp(cover)).toBe(true);
  });

  it('a photo voucher (type 4) pays for the album and unlocks it too; no money moves', async () => {
    const album = await make.buildAlbum(actor.id, { pictures: [16, 16, 16, 16] });
    const guest = await make.buildGuest();
    await make.buildVoucher(guest, { type: 4 });
    const response = await buy(album.id, guest);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.purchase).toMatchObject({ itemType: 'album', paidWith: 'voucher' });
    expect(response.json().data.guestBalanceCents).toBe(0);
    expect((await openAlbum(album.id, guest)).every((p) => !p.locked)).toBe(true);
  });

  it('a double purchase (two keys at once, then again) charges once, stays unlocked, and the ledger invariants hold', async () => {
    const album = await make.buildAlbum(actor.id, { pictures: [16, 16, 16, 16] });
    const guest = await make.buildGuest({ balanceCents: 2_000 });
    const answers = await Promise.all([buy(album.id, guest), buy(album.id, guest)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const again = await buy(album.id, guest);
    expect(again.json().data).toMatchObject({ alreadyBought: true, guestBalanceCents: 2_000 - 499 });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from purchases where guest_id = ${guest.id} and item_type = 'album' and item_id = ${album.id}`,
    );
    expect(Number(row?.n)).toBe(1);
    expect((await openAlbum(album.id, guest)).every((p) => !p.locked)).toBe(true);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('a free album (price 0) shows every picture without a purchase', async () => {
    const album = await make.buildAlbum(actor.id, { pictures: [16, 16, 16, 16, 16], priceCents: 0 });
    expect((await openAlbum(album.id, null)).every((p) => !p.locked)).toBe(true);
  });
});

describe('on top of the purchase: the age check and banned countries (spec 4/6)', () => {
  it('an FSK-18 picture’s signed URL needs the accepted age check: visitor need-login, guest need-age-check, then the bytes', async () => {
    const album = await make.buildAlbum(actor.id, { pictures: [18, 18, 18, 18] });
    const visitorUrl = (openOnes(await openAlbum(album.id, null))[0] as GalleryPicture).urls.w640;
    const visitor = await fetchMedia(visitorUrl, null);
    expectRefused(visitor, 'RESTRICTED');
    expect(visitor.json().error.reason).toBe('need-login');
    const guest = await make.buildGuest();
    const url = (openOnes(await openAlbum(album.id, guest))[0] as GalleryPicture).urls.w640;
    const unverified = await fetchMedia(url, guest);
    expectRefused(unverified, 'RESTRICTED');
    expect(unverified.json().error.reason).toBe('need-age-check');
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    const verified = await fetchMedia(url, guest);
    expect(verified.statusCode).toBe(200);
    expect(isWebp(verified)).toBe(true);
  });

  it('a performer’s banned country is refused a signed picture (403 ACTOR_BLOCKED_IN_COUNTRY, no bytes)', async () => {
    const banned = await make.buildActor({ name: make.unique('BannedPic'), bannedCountryCodes: ['DE'] });
    const album = await make.buildAlbum(banned.id, { pictures: [16, 16, 16, 16] });
    const guest = await make.buildGuest();
    const url = (openOnes(await openAlbum(album.id, guest))[0] as GalleryPicture).urls.w640;
    expectRefused(await fetchMedia(url, guest, 'DE'), 'ACTOR_BLOCKED_IN_COUNTRY');
    expect((await fetchMedia(url, guest, 'AT')).statusCode).toBe(200);
  });

  it('pinned photos and sedcards list a locked picture without any URL and never sign one beyond the preview', async () => {
    const album = await make.buildAlbum(actor.id, { pictures: [16, 16, 16, 16, 16] });
    const guest = await make.buildGuest();
    const lockedId = album.pictureIds[4] as number;
    await queryRows(
      t.database.db,
      sql`insert into favorite_pictures (guest_id, picture_id, created_at) values (${guest.id}, ${lockedId}, now())`,
    );
    const pinned = (await rest('GET', 'gallery/getPinnedPhotos', guest)).json().data.list;
    expect(pinned).toEqual([
      {
        id: lockedId,
        position: 5,
        locked: true,
        aspect: expect.any(Number),
        albumId: album.id,
        pinnedAt: expect.any(String),
      },
    ]);
    const sedcard = (
      await rest('GET', `gallery/getsedcards/${actor.id}/${encodeURIComponent('{"limit":60}')}`, guest)
    ).json().data;
    const ids = sedcard.photos.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining(album.pictureIds.slice(0, ALBUM_PREVIEW_PICTURES)));
    expect(ids).not.toContain(album.pictureIds[3]);
    expect(ids).not.toContain(lockedId);
  });
});
