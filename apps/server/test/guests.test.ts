import { eq } from '@vela/db/orm';
import { guestSessions, guests, rateLimitCounters } from '@vela/db/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS, mintAccessToken, verifyAccessToken } from '../src/modules/guests/tokens.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const PASSWORD = 'violet-harbour-7391';

let counter = 0;
/** A distinct remote address per use, so the per-IP limits of one test do not touch another. */
const nextIp = () => {
  counter += 1;
  return `10.0.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
};

function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header.join('\n') : String(header ?? '');
  const match = /vela_session=([^;]*)/.exec(value);
  if (!match?.[1]) throw new Error(`no session cookie in ${value}`);
  return `vela_session=${match[1]}`;
}

async function signup(app: FastifyInstance, name: string, options: { ip?: string; password?: string } = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/rest/v1/guest/signup',
    remoteAddress: options.ip ?? nextIp(),
    payload: { screenName: name, email: `${name}@example.com`, password: options.password ?? PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { response, cookie: sessionCookieOf(response) };
}

async function login(app: FastifyInstance, loginName: string, password: string, ip = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/rest/v1/guest/login',
    remoteAddress: ip,
    payload: { login: loginName, password },
  });
}

const me = (app: FastifyInstance, headers: Record<string, string>, url = '/rest/v1/guest/me') =>
  app.inject({ method: 'GET', url, headers });

describe('guests (spec 3, 5, 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('signup logs the new guest in: me answers with their spec 3 fields and never the password hash', async () => {
    const { response, cookie } = await signup(t.app, 'Aurora_1');
    expect(response.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(response.headers['set-cookie']).toMatch(/SameSite=Lax/);
    expect(response.headers['set-cookie']).not.toMatch(/Secure/);
    const answer = await me(t.app, { cookie });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const guest = answer.json().data.guest;
    expect(guest).toMatchObject({
      name: 'Aurora_1',
      email: 'aurora_1@example.com',
      isLoggedIn: true,
      isLocked: false,
      avsStatus: 'unknown',
      hasAvs: false,
    });
    expect(answer.body).not.toContain('argon2');
    expect(answer.body).not.toContain('passwordHash');
  });

  it('passwords are stored as argon2id with m=19456 KiB, t=2, p=1', async () => {
    await signup(t.app, 'Hashcheck');
    const [row] = await t.database.db.select().from(guests).where(eqName('Hashcheck'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it('a duplicate screen name (any case) or email is refused with 409 and its code', async () => {
    await signup(t.app, 'Dupname');
    const byName = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/signup',
      remoteAddress: nextIp(),
      payload: { screenName: 'DUPNAME', email: 'other@example.com', password: PASSWORD },
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error.code).toBe('SCREEN_NAME_TAKEN');
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/signup',
      remoteAddress: nextIp(),
      payload: { screenName: 'Othername', email: 'DupName@Example.com', password: PASSWORD },
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('bad signup input (email rule, password policy, unknown fields) answers 4xx and creates nothing', async () => {
    const before = await t.database.db.$count(guests);
    const sessionsBefore = await t.database.db.$count(guestSessions);
    const cases: [Record<string, unknown>, string][] = [
      [{ screenName: 'Badmail', email: 'not-an-email', password: PASSWORD }, 'INVALID_EMAIL'],
      [{ screenName: 'Shortpw', email: 'shortpw@example.com', password: 'abc' }, 'PASSWORD_TOO_SHORT'],
      [
        { screenName: 'Commonpw', email: 'commonpw@example.com', password: 'password123' },
        'PASSWORD_TOO_COMMON',
      ],
      [{ screenName: 'x', email: 'x@example.com', password: PASSWORD }, 'VALIDATION_ERROR'],
      [
        { screenName: 'Extra', email: 'extra@example.com', password: PASSWORD, admin: true },
        'VALIDATION_ERROR',
      ],
    ];
    for (const [payload, code] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/signup',
        remoteAddress: nextIp(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code } });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await t.database.db.$count(guests)).toBe(before);
    expect(await t.database.db.$count(guestSessions)).toBe(sessionsBefore);
  });

  it('login by screen name or email works; wrong password and unknown account give the same INVALID_CREDENTIALS', async () => {
    await signup(t.app, 'Loginer');
    expect((await login(t.app, 'loginer', PASSWORD)).statusCode).toBe(200);
    const byEmail = await login(t.app, 'LOGINER@example.com', PASSWORD);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data.guest.name).toBe('Loginer');

    const wrong = await login(t.app, 'Loginer', 'not-the-password-1');
    const unknown = await login(t.app, 'Nobody_here', 'not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toEqual(unknown.json().error);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('failed logins are limited per account: after 5 failures even the right password answers 429 with Retry-After', async () => {
    await signup(t.app, 'Limited');
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, 'Limited', `wrong-password-${i}`)).statusCode).toBe(401);
    }
    const limited = await login(t.app, 'Limited', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    await signup(t.app, 'Unlimited');
    expect((await login(t.app, 'Unlimited', PASSWORD)).statusCode).toBe(200);
  });

  it('logins are limited per IP address: the 21st attempt from one address answers 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await login(t.app, `someone${i}`, 'wrong-password-x', ip)).statusCode).toBe(401);
    }
    const limited = await login(t.app, 'someone-else', 'wrong-password-x', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login(t.app, 'someone-else', 'wrong-password-x')).statusCode).toBe(401);
  }, 60_000);

  it('signups are limited per IP address: the 6th signup from one address answers 429 and creates nothing', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await signup(t.app, `Ipsign${i}`, { ip });
    const before = await t.database.db.$count(guests);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/signup',
      remoteAddress: ip,
      payload: { screenName: 'Ipsign5', email: 'ipsign5@example.com', password: PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(await t.database.db.$count(guests)).toBe(before);
  });

  it('a locked guest cannot log in (ACCOUNT_LOCKED) and a locked session counts as logged out', async () => {
    const { cookie } = await signup(t.app, 'Lockme');
    await t.database.db.update(guests).set({ locked: true }).where(eqName('Lockme'));
    const response = await login(t.app, 'Lockme', PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ACCOUNT_LOCKED');
    expect((await me(t.app, { cookie })).statusCode).toBe(401);
  });

  it('an access token works as query parameter accessToken and as Authorization Bearer', async () => {
    const { cookie } = await signup(t.app, 'Tokener');
    const minted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      headers: { cookie },
    });
    expect(minted.statusCode).toBe(200);
    const { accessToken } = minted.json().data;
    const viaHeader = await me(t.app, { authorization: `Bearer ${accessToken}` });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json().data.guest.name).toBe('Tokener');
    const viaQuery = await me(t.app, {}, `/rest/v1/guest/me?accessToken=${encodeURIComponent(accessToken)}`);
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.json().data.guest.name).toBe('Tokener');
  });

  it('a tampered, foreign-key or expired access token is refused with 401', async () => {
    const { cookie } = await signup(t.app, 'Tamper');
    const minted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      headers: { cookie },
    });
    const token: string = minted.json().data.accessToken;
    const [, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sid: 1 }),
    ).toString('base64url');
    const tampered = await me(t.app, { authorization: `Bearer v1.${forged}.${signature}` });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().error.code).toBe('INVALID_TOKEN');

    const otherKey = mintAccessToken('another-secret-of-at-least-32-characters', 1).token;
    expect((await me(t.app, { authorization: `Bearer ${otherKey}` })).json().error.code).toBe(
      'INVALID_TOKEN',
    );

    // A token is good until its expiry and refused from then on.
    const secret = 'test-secret-of-at-least-32-characters!!';
    const own = mintAccessToken(secret, 5, 1_000);
    expect(verifyAccessToken(secret, own.token, 1_000 + ACCESS_TOKEN_TTL_MS - 1).ok).toBe(true);
    expect(verifyAccessToken(secret, own.token, 1_000 + ACCESS_TOKEN_TTL_MS)).toEqual({
      ok: false,
      code: 'TOKEN_EXPIRED',
    });
  });

  it('an expired access token is refused by the app with TOKEN_EXPIRED', async () => {
    const secret = 'fixed-test-secret-of-at-least-32-characters';
    const app = await createTestApp({ env: { SESSION_SECRET: secret } });
    try {
      const { cookie } = await signup(app.app, 'Expirer');
      const minted = await app.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/accessToken',
        headers: { cookie },
      });
      const sid = JSON.parse(
        Buffer.from(minted.json().data.accessToken.split('.')[1], 'base64url').toString(),
      ).sid;
      const expired = mintAccessToken(secret, sid, Date.now() - ACCESS_TOKEN_TTL_MS - 1).token;
      const response = await me(app.app, { authorization: `Bearer ${expired}` });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('TOKEN_EXPIRED');
    } finally {
      await app.close();
    }
  }, 120_000);

  it('an anonymous session is created lazily by the first REST call that needs one, never by reading', async () => {
    const before = await t.database.db.$count(guestSessions);
    const anonymousMe = await me(t.app, {});
    expect(anonymousMe.statusCode).toBe(401);
    expect(anonymousMe.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.$count(guestSessions)).toBe(before);
    const minted = await t.app.inject({ method: 'POST', url: '/rest/v1/guest/accessToken' });
    expect(minted.statusCode).toBe(200);
    const cookie = sessionCookieOf(minted);
    expect(await t.database.db.$count(guestSessions)).toBe(before + 1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      headers: { cookie },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.$count(guestSessions)).toBe(before + 1);
    // Anonymous: a session, but no guest.
    expect((await me(t.app, { cookie })).json().error.code).toBe('NOT_LOGGED_IN');
  });

  it('logout ends the session: its cookie and its access tokens no longer authenticate', async () => {
    const { cookie } = await signup(t.app, 'Leaver');
    const minted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      headers: { cookie },
    });
    const { accessToken } = minted.json().data;
    const out = await t.app.inject({ method: 'POST', url: '/rest/v1/vxpay/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toMatch(/vela_session=; Max-Age=0/);
    expect((await me(t.app, { cookie })).statusCode).toBe(401);
    const viaToken = await me(t.app, { authorization: `Bearer ${accessToken}` });
    expect(viaToken.statusCode).toBe(401);
    expect(viaToken.json().error.code).toBe('INVALID_TOKEN');
  });

  it('a password change ends the other sessions and keeps the current one; the old password no longer works', async () => {
    const { cookie: first } = await signup(t.app, 'Changer');
    const second = sessionCookieOf(await login(t.app, 'Changer', PASSWORD));
    const listed = await me(t.app, { cookie: first }, '/rest/v1/guest/sessions');
    expect(listed.json().data.sessions).toHaveLength(2);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/password',
      headers: { cookie: second },
      payload: { currentPassword: PASSWORD, newPassword: 'new-lantern-5512' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(t.app, { cookie: second })).statusCode).toBe(200);
    expect((await me(t.app, { cookie: first })).statusCode).toBe(401);
    expect((await login(t.app, 'Changer', PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, 'Changer', 'new-lantern-5512')).statusCode).toBe(200);
  });

  it('a password change with a wrong current password or a weak new one changes nothing', async () => {
    const { cookie } = await signup(t.app, 'Keeper');
    const [before] = await t.database.db.select().from(guests).where(eqName('Keeper'));
    for (const payload of [
      { currentPassword: 'wrong-current-pw', newPassword: 'new-lantern-5512' },
      { currentPassword: PASSWORD, newPassword: 'short' },
      { currentPassword: PASSWORD },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/password',
        headers: { cookie },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const [after] = await t.database.db.select().from(guests).where(eqName('Keeper'));
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it('a guest sees and revokes only their own sessions; me is always the caller', async () => {
    const { cookie: alice } = await signup(t.app, 'Alice_s');
    const { cookie: bob } = await signup(t.app, 'Bob_s');
    expect((await me(t.app, { cookie: alice })).json().data.guest.name).toBe('Alice_s');
    expect((await me(t.app, { cookie: bob })).json().data.guest.name).toBe('Bob_s');
    const aliceSessions = (await me(t.app, { cookie: alice }, '/rest/v1/guest/sessions')).json().data
      .sessions;
    expect(aliceSessions).toHaveLength(1);
    expect(aliceSessions[0].current).toBe(true);
    // Bob cannot revoke Alice's session.
    const attempt = await t.app.inject({
      method: 'DELETE',
      url: `/rest/v1/guest/sessions/${aliceSessions[0].id}`,
      headers: { cookie: bob },
    });
    expect(attempt.statusCode).toBe(404);
    expect((await me(t.app, { cookie: alice })).statusCode).toBe(200);
    // Alice can.
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/rest/v1/guest/sessions/${aliceSessions[0].id}`,
      headers: { cookie: alice },
    });
    expect(own.statusCode).toBe(200);
    expect((await me(t.app, { cookie: alice })).statusCode).toBe(401);
  });

  it('pages never create a session (the page micro-cache stays usable)', async () => {
    const before = await t.database.db.$count(guestSessions);
    const page = await t.app.inject({ method: 'GET', url: '/en/' });
    expect(String(page.headers['set-cookie'] ?? '')).not.toContain('vela_session');
    expect(await t.database.db.$count(guestSessions)).toBe(before);
  });

  it('rate limit counters are kept in the database (shared by every node)', async () => {
    expect(await t.database.db.$count(rateLimitCounters)).toBeGreaterThan(0);
  });
});

describe('LOGIN_ENABLED=false (spec 5)', () => {
  it('login and signup answer 403 LOGIN_DISABLED and create nothing', async () => {
    const t = await createTestApp({ env: { LOGIN_ENABLED: 'false' } });
    try {
      const signupResponse = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/signup',
        payload: { screenName: 'Nologin', email: 'nologin@example.com', password: PASSWORD },
      });
      expect(signupResponse.statusCode).toBe(403);
      expect(signupResponse.json().error.code).toBe('LOGIN_DISABLED');
      const loginResponse = await login(t.app, 'Nologin', PASSWORD);
      expect(loginResponse.statusCode).toBe(403);
      expect(loginResponse.json().error.code).toBe('LOGIN_DISABLED');
      expect(await t.database.db.$count(guests)).toBe(0);
      expect(await t.database.db.$count(guestSessions)).toBe(0);
    } finally {
      await t.close();
    }
  }, 120_000);
});

function eqName(name: string) {
  return eq(guests.screenName, name);
}

describe('session activity', () => {
  it('a session used after a while gets its last_seen_at updated (shown in the sessions list)', async () => {
    const t = await createTestApp();
    try {
      const { cookie } = await signup(t.app, 'Seen');
      const old = new Date('2020-01-01T00:00:00Z');
      await t.database.db.update(guestSessions).set({ lastSeenAt: old });
      const sessions = (await me(t.app, { cookie }, '/rest/v1/guest/sessions')).json().data.sessions;
      expect(new Date(sessions[0].lastSeenAt).getTime()).toBeGreaterThan(old.getTime());
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('session cookie over https', () => {
  it('the vela_session cookie is Secure when PUBLIC_ORIGIN is https', async () => {
    const t = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://vela.test' } });
    try {
      const minted = await t.app.inject({ method: 'POST', url: '/rest/v1/guest/accessToken' });
      expect(minted.headers['set-cookie']).toMatch(/vela_session=[^;]+;.*HttpOnly; SameSite=Lax; Secure/);
    } finally {
      await t.close();
    }
  }, 120_000);
});
