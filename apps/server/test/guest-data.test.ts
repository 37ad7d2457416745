/** The guest's own data through REST (spec 3 Guest fields, spec 4 data protection, spec 5 newsletter, spec 7 names). */
import { eq } from '@vela/db/orm';
import { guests } from '@vela/db/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.1.x.y), apart from the other test files. */
const NET = '10.1';

interface Caller {
  id: string;
  email: string;
  cookie: string;
  accessToken: string;
}

async function signup(app: FastifyInstance, name: string): Promise<Caller> {
  const { guest, cookie, accessToken } = await signUp(app, name, { ip: nextIp(NET) });
  return { id: guest.id, email: guest.email, cookie, accessToken };
}

const call = (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  who: Caller | null,
  payload?: unknown,
) =>
  app.inject({
    method,
    url: `/rest/v1/${path}`,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const rowOf = async (t: TestApp, who: Caller) => {
  const [row] = await t.database.db
    .select()
    .from(guests)
    .where(eq(guests.id, Number(who.id)));
  if (!row) throw new Error('no guest row');
  return row;
};

describe('guest data REST (spec 3, 4, 5, 7)', () => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signup(t.app, 'Alice_d');
    bob = await signup(t.app, 'Bob_d');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('every guest data call answers 401 NOT_LOGGED_IN to an anonymous caller and changes nothing', async () => {
    const anonymousCookie = /vela_session=([^;]*)/.exec(
      String(
        (await t.app.inject({ method: 'POST', url: '/rest/v1/guest/accessToken' })).headers['set-cookie'],
      ),
    )?.[1];
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['POST', 'guest/savePreferences', { data: { onlineFirst: true } }],
      ['GET', 'guest/getNotificationsSettings'],
      ['POST', 'guest/getNotificationsSettings', { webPush: true }],
      ['GET', 'guest/newsletter'],
      ['POST', 'guest/newsletter/subscribe', { typeId: 1024, userId: alice.id, emailAddress: alice.email }],
      ['POST', 'guest/newsletter/unsubscribe', { typeId: 1024 }],
      ['POST', 'guest/closeDataProtection', { accepted: true }],
      ['POST', 'guest/closeAgbAndDataProtection', { accepted: true }],
      ['GET', 'guest/profile'],
    ];
    const before = await rowOf(t, alice);
    for (const [method, path, payload] of calls) {
      for (const headers of [{}, { cookie: `vela_session=${anonymousCookie}` }]) {
        const response = await t.app.inject({
          method,
          url: `/rest/v1/${path}`,
          headers,
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
        expect(response.statusCode, `${method} ${path}`).toBe(401);
        expect(response.json().error.code).toBe('NOT_LOGGED_IN');
      }
    }
    expect(await rowOf(t, alice)).toEqual(before);
  });

  it('savePreferences merges into the stored preferences and answers them; bad input is 400 and changes nothing', async () => {
    const first = await call(t.app, 'POST', 'guest/savePreferences', alice, { data: { language: 'de' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.preferences).toEqual({ language: 'de' });
    const second = await call(t.app, 'POST', 'guest/savePreferences', alice, {
      data: { autoplayPreviews: false, onlineFirst: true },
    });
    expect(second.json().data.preferences).toEqual({
      language: 'de',
      autoplayPreviews: false,
      onlineFirst: true,
    });
    const before = await rowOf(t, alice);
    for (const payload of [
      { data: { language: 'fr' } },
      { data: { autoplayPreviews: 'yes' } },
      { data: { isVip: true } },
      { language: 'de' },
      {},
    ]) {
      const response = await call(t.app, 'POST', 'guest/savePreferences', alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await rowOf(t, alice)).preferences).toEqual(before.preferences);
    // Bob's preferences are his own.
    const bobProfile = await call(t.app, 'GET', 'guest/profile', bob);
    expect(bobProfile.json().data.preferences).toEqual({});
  });

  it('notification settings: defaults (mails on, SMS and web push off), partial update, bad input 400 unchanged', async () => {
    const defaults = await call(t.app, 'GET', 'guest/getNotificationsSettings', bob);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json().data.notificationsSettings).toEqual({
      favoriteOnlineEmail: true,
      favoriteOnlineSms: false,
      newMessageEmail: true,
      newVideoFromFavoriteEmail: true,
      specialOffersEmail: true,
      webPush: false,
    });
    const updated = await call(t.app, 'POST', 'guest/getNotificationsSettings', bob, {
      specialOffersEmail: false,
      webPush: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.notificationsSettings).toMatchObject({
      specialOffersEmail: false,
      webPush: true,
      newMessageEmail: true,
      favoriteOnlineSms: false,
    });
    expect((await call(t.app, 'GET', 'guest/getNotificationsSettings', bob)).json().data).toEqual(
      updated.json().data,
    );
    const before = await rowOf(t, bob);
    for (const payload of [{ webPush: 'on' }, { pushEverything: true }, { specialOffersEmail: null }]) {
      const response = await call(t.app, 'POST', 'guest/getNotificationsSettings', bob, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await rowOf(t, bob)).notificationSettings).toEqual(before.notificationSettings);
    // Alice still reads her own defaults.
    const aliceSettings = await call(t.app, 'GET', 'guest/getNotificationsSettings', alice);
    expect(aliceSettings.json().data.notificationsSettings.webPush).toBe(false);
  });

  it('newsletter subscribe sets the spec 3 bit and answers outer and inner success (spec 5); unsubscribe clears it', async () => {
    const vip = await call(t.app, 'POST', 'guest/newsletter/subscribe', alice, {
      typeId: 1024,
      userId: alice.id,
      emailAddress: alice.email.toUpperCase(),
    });
    expect(vip.statusCode, vip.body).toBe(200);
    expect(vip.json()).toEqual({
      success: true,
      data: { success: true, newsletterBits: 1024, types: ['vipClub'] },
    });
    const contests = await call(t.app, 'POST', 'guest/newsletter/subscribe', alice, {
      typeId: 256,
      userId: Number(alice.id),
      emailAddress: alice.email,
    });
    expect(contests.json().data).toEqual({
      success: true,
      newsletterBits: 1280,
      types: ['vipClub', 'contests'],
    });
    expect((await rowOf(t, alice)).newsletterBits).toBe(1280);
    // Subscribing twice keeps one bit.
    await call(t.app, 'POST', 'guest/newsletter/subscribe', alice, {
      typeId: 256,
      userId: alice.id,
      emailAddress: alice.email,
    });
    expect((await call(t.app, 'GET', 'guest/newsletter', alice)).json().data.newsletterBits).toBe(1280);

    const off = await call(t.app, 'POST', 'guest/newsletter/unsubscribe', alice, { typeId: 1024 });
    expect(off.json()).toEqual({
      success: true,
      data: { success: true, newsletterBits: 256, types: ['contests'] },
    });
    expect((await call(t.app, 'GET', 'guest/newsletter', alice)).json().data.types).toEqual(['contests']);
  });

  it('a guest cannot subscribe another guest or another address (403 FORBIDDEN), and unknown types are 400', async () => {
    const before = await rowOf(t, bob);
    const forBob = await call(t.app, 'POST', 'guest/newsletter/subscribe', alice, {
      typeId: 512,
      userId: bob.id,
      emailAddress: bob.email,
    });
    expect(forBob.statusCode).toBe(403);
    expect(forBob.json().error.code).toBe('FORBIDDEN');
    const otherAddress = await call(t.app, 'POST', 'guest/newsletter/subscribe', alice, {
      typeId: 512,
      userId: alice.id,
      emailAddress: bob.email,
    });
    expect(otherAddress.statusCode).toBe(403);
    for (const payload of [
      { typeId: 3, userId: alice.id, emailAddress: alice.email },
      { typeId: 512, userId: 'alice', emailAddress: alice.email },
      { typeId: 512, userId: alice.id },
    ]) {
      const response = await call(t.app, 'POST', 'guest/newsletter/subscribe', alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(t.app, 'POST', 'guest/newsletter/unsubscribe', alice, { typeId: 7 })).statusCode).toBe(
      400,
    );
    expect((await rowOf(t, bob)).newsletterBits).toBe(before.newsletterBits);
    expect((await rowOf(t, alice)).newsletterBits & 512).toBe(0);
  });

  it('closeDataProtection and closeAgbAndDataProtection hide the dialog once accepted (spec 4); not accepted is 400 NOT_ACCEPTED', async () => {
    await t.database.db
      .update(guests)
      .set({ showDataProtection: true })
      .where(eq(guests.id, Number(bob.id)));
    await t.database.db
      .update(guests)
      .set({ showDataProtection: true })
      .where(eq(guests.id, Number(alice.id)));
    for (const path of ['guest/closeDataProtection', 'guest/closeAgbAndDataProtection']) {
      const refused = await call(t.app, 'POST', path, bob, { accepted: false });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('NOT_ACCEPTED');
      expect((await call(t.app, 'POST', path, bob, { accepted: 'yes' })).statusCode).toBe(400);
      expect((await call(t.app, 'POST', path, bob, {})).statusCode).toBe(400);
      expect((await rowOf(t, bob)).showDataProtection).toBe(true);
    }
    const accepted = await call(t.app, 'POST', 'guest/closeAgbAndDataProtection', bob, { accepted: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ accepted: true, showDataProtection: false });
    expect((await call(t.app, 'GET', 'guest/me', bob)).json().data.guest.showDataProtection).toBe(false);
    // Only the caller's flag changed.
    expect((await rowOf(t, alice)).showDataProtection).toBe(true);
    const aliceAccepts = await call(t.app, 'POST', 'guest/closeDataProtection', alice, { accepted: true });
    expect(aliceAccepts.json().data.showDataProtection).toBe(false);
    expect((await rowOf(t, alice)).showDataProtection).toBe(false);
  });

  it('profile answers the caller own guest, preferences, notification settings and newsletter types, also with a Bearer token', async () => {
    const carol = await signup(t.app, 'Carol_d');
    await call(t.app, 'POST', 'guest/savePreferences', carol, { data: { onlineFirst: true } });
    await call(t.app, 'POST', 'guest/newsletter/subscribe', carol, {
      typeId: 2048,
      userId: carol.id,
      emailAddress: carol.email,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/profile',
      headers: { authorization: `Bearer ${carol.accessToken}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const data = profile.json().data;
    expect(data.guest).toMatchObject({ id: carol.id, name: 'Carol_d', email: 'carol_d@example.com' });
    expect(data.preferences).toEqual({ onlineFirst: true });
    expect(data.newsletterTypes).toEqual(['vrPorn']);
    expect(data.notificationsSettings.newMessageEmail).toBe(true);
    expect(profile.body).not.toContain('argon2');
    const viaQuery = await t.app.inject({
      method: 'GET',
      url: `/rest/v1/guest/profile?accessToken=${encodeURIComponent(carol.accessToken)}`,
    });
    expect(viaQuery.json().data).toEqual(data);
    // Another guest's profile is never reachable: the same path answers the caller's own.
    const aliceProfile = await call(t.app, 'GET', 'guest/profile', alice);
    expect(aliceProfile.json().data.guest.name).toBe('Alice_d');
    expect(aliceProfile.json().data.newsletterTypes).not.toContain('vrPorn');
  });
});
