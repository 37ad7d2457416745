/**
 * The FSK-18 gate (spec 4 and 9): until the caller's age verification is accepted, FSK-18 images
 * answer 403 with no image bytes (reason need-login / need-age-check); FSK-16 images (avatars, top
 * cams) stay public; allowed FSK-18 files are private, never cached shared.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { RestrictedErrorBodySchema } from '@vela/contracts/guest';
import { asc, eq } from '@vela/db/orm';
import { mediaImages } from '@vela/db/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgeGate, mediaKeyOf } from '../src/http/age-gate.ts';
import { createGuestAuth } from '../src/modules/guests/auth.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { sessionSecretOf } from '../src/modules/guests/secret.ts';
import { nextIp, operatorOf, type SignedUp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const INTERNAL_TOKEN = 'age-gate-test-internal-token-0123456';
/** RIFF....WEBP: the first bytes of every webp file. */
const WEBP_MAGIC = 'RIFF';

/** This file's client addresses (10.7.x.y), apart from the other test files. */
const NET = '10.7';
const operator = operatorOf(INTERNAL_TOKEN);

/** Request AVS as the guest and let the operator accept it. */
async function verify(app: FastifyInstance, guest: SignedUp) {
  const submitted = await app.inject({
    method: 'POST',
    url: '/rest/v1/avs/request',
    headers: { cookie: guest.cookie },
    payload: {
      fullName: 'Grown Up',
      birthDate: '1980-01-01',
      documentType: 'passport',
      documentNumber: 'P1234567',
    },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const list = await operator(app, 'GET', 'avs/requests?limit=200');
  const request = list.json().data.requests.find((r: { guestId: string }) => r.guestId === String(guest.id));
  const decided = await operator(app, 'POST', `avs/requests/${request.id}/decision`, { decision: 'accept' });
  expect(decided.statusCode, decided.body).toBe(200);
}

function expectRestricted(
  response: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown },
  reason: string,
) {
  expect(response.statusCode).toBe(403);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.body.startsWith(WEBP_MAGIC)).toBe(false);
  const body = RestrictedErrorBodySchema.parse(response.json());
  expect(body.error).toMatchObject({ code: 'RESTRICTED', reason });
}

describe('FSK-18 gate (spec 4, 9)', () => {
  let t: TestApp;
  let fsk18: string;
  let fsk16: string;
  /** A route that uses requireAgeVerified, as future FSK-18 pages and streams will. */
  const FSK18_ROUTE = '/rest/v1/test-fsk18-resource';

  beforeAll(async () => {
    t = await createTestApp({ env: { INTERNAL_API_TOKEN: INTERNAL_TOKEN } });
    const db = t.database.db;
    const rows = await db.select().from(mediaImages).orderBy(asc(mediaImages.key));
    // Not an album picture's pool ('photo'): those are never served here, whatever the age (issue 17).
    const adult = rows.find((row) => row.ageRating === 18 && row.kind !== 'photo');
    const teen = rows.find((row) => row.ageRating === 16 && row.kind === 'avatar');
    if (!adult || !teen) throw new Error('the test seed has FSK-18 and FSK-16 images');
    fsk18 = adult.key;
    fsk16 = teen.key;
    await access(path.join(t.config.mediaDir, 'w320', `${fsk18}.webp`));

    const repository = createGuestsRepository(db);
    const gate = createAgeGate({
      db,
      auth: createGuestAuth({ repository, secret: await sessionSecretOf(t.config), secureCookies: false }),
      guests: repository,
    });
    t.app.get(FSK18_ROUTE, async (request) => {
      const caller = await gate.requireAgeVerified(request);
      return { success: true, data: { guestId: caller.guestId } };
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const image = (key: string, headers: Record<string, string> = {}, query = '') =>
    t.app.inject({ method: 'GET', url: `/media/w320/${key}.webp${query}`, headers });

  it('an FSK-16 avatar is public for visitors and cacheable', async () => {
    const response = await image(fsk16);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe(WEBP_MAGIC);
  });

  it('an FSK-18 image answers a visitor 403 with no image bytes, reason need-login', async () => {
    expectRestricted(await image(fsk18), 'need-login');
    const head = await t.app.inject({ method: 'HEAD', url: `/media/w640/${fsk18}.webp` });
    expect(head.statusCode).toBe(403);
    // A bad token is no way in either.
    expectRestricted(await image(fsk18, {}, '?accessToken=forged'), 'need-login');
  });

  it('the gate cannot be dodged by encoding or dot segments in the path', async () => {
    const encoded = fsk18.replace('-', '%2D');
    for (const url of [
      `/media/w320/${encoded}.webp`,
      `/media/w320/../w320/${fsk18}.webp`,
      `/media/w320/./${fsk18}.webp`,
      `/media/w320/${fsk18.toUpperCase()}.webp`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.rawPayload.subarray(0, 4).toString(), url).not.toBe(WEBP_MAGIC);
    }
  });

  it('an FSK-18 image answers a logged-in guest without accepted AVS 403, reason need-age-check (also while pending)', async () => {
    const guest = await signUp(t.app, 'Gate_Unverified', { ip: nextIp(NET) });
    expectRestricted(await image(fsk18, { cookie: guest.cookie }), 'need-age-check');
    await t.app.inject({
      method: 'POST',
      url: '/rest/v1/avs/request',
      headers: { cookie: guest.cookie },
      payload: {
        fullName: 'Still Pending',
        birthDate: '1985-05-05',
        documentType: 'id-card',
        documentNumber: 'ID998877',
      },
    });
    expectRestricted(await image(fsk18, { cookie: guest.cookie }), 'need-age-check');
  });

  it('after the operator accepts the AVS the FSK-18 image is served, private and revalidated; revocation closes it again', async () => {
    const guest = await signUp(t.app, 'Gate_Verified', { ip: nextIp(NET) });
    await verify(t.app, guest);
    const response = await image(fsk18, { cookie: guest.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe(WEBP_MAGIC);

    // With an access token instead of the cookie (spec 7: token in the query).
    const minted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      headers: { cookie: guest.cookie },
    });
    const token = minted.json().data.accessToken as string;
    expect((await image(fsk18, {}, `?accessToken=${token}`)).statusCode).toBe(200);
    expect((await image(fsk18, { authorization: `Bearer ${token}` })).statusCode).toBe(200);

    const revoked = await operator(t.app, 'POST', `avs/guests/${guest.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expectRestricted(await image(fsk18, { cookie: guest.cookie }), 'need-age-check');
  });

  it('unknown keys fall through to the static 404', async () => {
    expect((await image('preview-999999')).statusCode).toBe(404);
  });

  it('the rating cache is bounded and expires: a changed age rating is seen after the TTL', async () => {
    const db = t.database.db;
    const repository = createGuestsRepository(db);
    let now = 1_000;
    const gate = createAgeGate({
      db,
      auth: createGuestAuth({ repository, secret: await sessionSecretOf(t.config), secureCookies: false }),
      guests: repository,
      cacheMax: 2,
      cacheTtlMs: 500,
      clock: { now: () => now },
    });
    expect(await gate.ratingOf(fsk16)).toBe(16);
    await db.update(mediaImages).set({ ageRating: 18 }).where(eq(mediaImages.key, fsk16));
    try {
      // Within the TTL the cached rating answers (up to its last millisecond); after it, the database.
      now += 499;
      expect(await gate.ratingOf(fsk16)).toBe(16);
      now += 2;
      expect(await gate.ratingOf(fsk16)).toBe(18);
    } finally {
      await db.update(mediaImages).set({ ageRating: 16 }).where(eq(mediaImages.key, fsk16));
    }
    // Bounded (max 2 here): two other keys evict it, so the restored rating is read at once.
    expect(await gate.ratingOf(fsk18)).toBe(18);
    expect(await gate.ratingOf('no-such-key')).toBeNull();
    expect(await gate.ratingOf(fsk16)).toBe(16);
  });

  it('requireAgeVerified: FSK-18 resources refuse visitors (need-login) and unverified guests (need-age-check), allow verified ones', async () => {
    expectRestricted(await t.app.inject({ method: 'GET', url: FSK18_ROUTE }), 'need-login');
    const guest = await signUp(t.app, 'Gate_Helper', { ip: nextIp(NET) });
    expectRestricted(
      await t.app.inject({ method: 'GET', url: FSK18_ROUTE, headers: { cookie: guest.cookie } }),
      'need-age-check',
    );
    await verify(t.app, guest);
    const allowed = await t.app.inject({
      method: 'GET',
      url: FSK18_ROUTE,
      headers: { cookie: guest.cookie },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.guestId).toBe(guest.id);
  });
});

describe('media key of a URL', () => {
  it('decodes and normalises like the static handler, and lower-cases', () => {
    expect(mediaKeyOf('/media/w320/preview-001.webp')).toBe('preview-001');
    expect(mediaKeyOf('/media/w320/preview%2D001.webp?x=1')).toBe('preview-001');
    expect(mediaKeyOf('/media/w320/../w640/Preview-001.webp')).toBe('preview-001');
    expect(mediaKeyOf('/media/w320/%E0%A4%A.webp')).toBeNull();
    expect(mediaKeyOf('/media/w320/')).toBe('w320');
  });
});
