/**
 * Issue 14 defect 7 (decision 0026): a cookie-authenticated state change from another site answers
 * 403 CROSS_SITE_REQUEST and changes nothing; calls without the cookie (the dialog's bearer calls)
 * and reads are not affected; new anonymous sessions are limited per address; the purge job deletes
 * ended and idle sessions, spent reset keys and transfer tokens (on a fake clock) and nothing live.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, isNull } from '@vela/db/orm';
import { guestSessions, loginTransfers, passwordResets } from '@vela/db/schema';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createGuestsPurgeRepository } from '../src/modules/guests/guests.repository.ts';
import { ANONYMOUS_SESSIONS_PER_IP } from '../src/modules/guests/rate-limit.ts';
import {
  ANONYMOUS_SESSION_IDLE_MS,
  createSessionPurgeJob,
  PURGE_GRACE_MS,
  SESSION_IDLE_MS,
} from '../src/modules/guests/session-purge.job.ts';
import { nextIp, sessionCookieOf, signUp } from './guest-helpers.ts';
import { PAY_ORIGIN, PUBLIC_ORIGIN } from './helpers.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.87';
const EVIL = 'https://evil.example';

describe('cookie-authenticated changes come from our pages only (issue 14, defect 7)', () => {
  const t = testAppPerSuite();

  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/rest/v1/guest/me', headers: { cookie } });
  const logout = (cookie: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/rest/v1/vxpay/logout', headers: { cookie, ...headers } });
  const refused = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'CROSS_SITE_REQUEST' } });
  };

  it('a cross-site POST vxpay/logout with the cookie answers 403 CROSS_SITE_REQUEST and the guest stays logged in', async () => {
    const { cookie } = await signUp(t.app, 'csrfVictim', { ip: nextIp(NET) });
    // What a browser sends for a form or fetch from another site.
    refused(await logout(cookie, { 'sec-fetch-site': 'cross-site', origin: EVIL }));
    expect((await me(cookie)).statusCode).toBe(200);
    // An older browser without Sec-Fetch-Site: the Origin decides.
    refused(await logout(cookie, { origin: EVIL }));
    expect((await me(cookie)).statusCode).toBe(200);
    // A same-site neighbour (another subdomain or port of the same site) is not our page either.
    refused(await logout(cookie, { 'sec-fetch-site': 'same-site', origin: 'http://shop.vela.test:3000' }));
    // Cross-site without Origin, an opaque origin (sandboxed frame), a foreign Referer alone.
    refused(await logout(cookie, { 'sec-fetch-site': 'cross-site' }));
    refused(await logout(cookie, { origin: 'null' }));
    refused(await logout(cookie, { referer: `${EVIL}/page` }));
    expect((await me(cookie)).statusCode).toBe(200);
    // Our own page logs out.
    const own = await logout(cookie, { 'sec-fetch-site': 'same-origin', origin: PUBLIC_ORIGIN });
    expect(own.statusCode, own.body).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('every state-changing method with the cookie is checked (POST, DELETE, GraphQL), reads are not', async () => {
    const { cookie } = await signUp(t.app, 'csrfMethods', { ip: nextIp(NET) });
    const cross = { cookie, 'sec-fetch-site': 'cross-site', origin: EVIL };
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/savePreferences',
        headers: cross,
        payload: { data: { onlineFirst: true } },
      }),
    );
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/sessions',
      headers: { cookie },
    });
    const id = (sessions.json().data.sessions as { id: string }[])[0]?.id;
    refused(await t.app.inject({ method: 'DELETE', url: `/rest/v1/guest/sessions/${id}`, headers: cross }));
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/password',
        headers: cross,
        payload: { currentPassword: 'x', newPassword: 'y' },
      }),
    );
    const graphql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: cross,
      payload: { query: '{ __typename }' },
    });
    expect(graphql.statusCode).toBe(403);
    // A cross-site read changes nothing and is answered (the browser keeps it from the other site).
    expect((await t.app.inject({ method: 'GET', url: '/rest/v1/guest/me', headers: cross })).statusCode).toBe(
      200,
    );
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('our pages, the user’s own navigation and non-browser clients pass; the trusted origins come from allowedPageOrigins', async () => {
    const { cookie } = await signUp(t.app, 'csrfAllowed', { ip: nextIp(NET) });
    const save = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/savePreferences',
        headers: { cookie, ...headers },
        payload: { data: { onlineFirst: true } },
      });
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin', origin: PUBLIC_ORIGIN },
      // The user's own action (a reload, a bookmark).
      { 'sec-fetch-site': 'none' },
      // No Sec-Fetch-Site (an older browser, a plain-HTTP host): the page origin, or the dialog's.
      { origin: PUBLIC_ORIGIN },
      { origin: PAY_ORIGIN },
      { 'sec-fetch-site': 'same-site', origin: PAY_ORIGIN },
      { referer: `${PUBLIC_ORIGIN}/en/myvela/` },
      // Neither header: not a browser acting for another site (curl, server-to-server, tests).
      {},
    ];
    for (const headers of cases) {
      const response = await save(headers);
      expect(response.statusCode, `${JSON.stringify(headers)}: ${response.body}`).toBe(200);
    }
  });

  it('calls without the session cookie are not looked at: the dialog’s bearer calls, anonymous token requests, logins from the pay origin', async () => {
    const { accessToken } = await signUp(t.app, 'csrfBearer', { ip: nextIp(NET) });
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/savePreferences',
      headers: { authorization: `Bearer ${accessToken}`, origin: PAY_ORIGIN, 'sec-fetch-site': 'cross-site' },
      payload: { data: { onlineFirst: false } },
    });
    expect(bearer.statusCode, bearer.body).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      remoteAddress: nextIp(NET),
      headers: { origin: PAY_ORIGIN, 'sec-fetch-site': 'cross-site' },
    });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
  });
});

describe('anonymous sessions are limited per address (issue 14, defect 7)', () => {
  const t = testAppPerSuite();

  const anonymousSessions = async () => t.database.db.$count(guestSessions, isNull(guestSessions.guestId));
  const mint = (ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it(`POST guest/accessToken without a session creates at most ${ANONYMOUS_SESSIONS_PER_IP.max} sessions per address and window; then 429 with Retry-After; a live session still mints`, async () => {
    const ip = nextIp(NET);
    const before = await anonymousSessions();
    let first: string | undefined;
    for (let i = 0; i < ANONYMOUS_SESSIONS_PER_IP.max; i++) {
      const response = await mint(ip);
      expect(response.statusCode, response.body).toBe(200);
      first ??= sessionCookieOf(response);
    }
    const over = await mint(ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['set-cookie']).toBeUndefined();
    expect(await anonymousSessions()).toBe(before + ANONYMOUS_SESSIONS_PER_IP.max);
    // A browser that has its session is not refused (nothing is created)...
    expect((await mint(ip, first)).statusCode).toBe(200);
    // ...and another address is counted apart.
    expect((await mint(nextIp(NET))).statusCode).toBe(200);
    expect(await anonymousSessions()).toBe(before + ANONYMOUS_SESSIONS_PER_IP.max + 1);
  }, 120_000);
});

describe('the session purge job (issue 14, defect 7)', () => {
  const t = testAppPerSuite();

  const HOUR = 60 * 60 * 1000;
  const hash = () => createHash('sha256').update(randomBytes(16)).digest('hex');

  it('deletes ended sessions after the grace, idle visitor sessions, sessions whose cookie expired, spent reset keys and transfer tokens; nothing live, nothing within the grace', async () => {
    const { id: guestId } = await signUp(t.app, 'purgeOwner', { ip: nextIp(NET) });
    const db = t.database.db;
    // The fake clock: the job's "now"; the rows are written at times relative to it.
    let clock = new Date();
    const at = (msBeforeClock: number) => new Date(clock.getTime() - msBeforeClock);
    const session = async (values: { guestId: number | null; lastSeenAt: Date; revokedAt?: Date }) => {
      const [row] = await db
        .insert(guestSessions)
        .values({ tokenHash: hash(), createdAt: values.lastSeenAt, ...values })
        .returning({ id: guestSessions.id });
      return row?.id ?? 0;
    };
    const live = await session({ guestId, lastSeenAt: at(HOUR) });
    const liveVisitor = await session({ guestId: null, lastSeenAt: at(ANONYMOUS_SESSION_IDLE_MS - HOUR) });
    const idleVisitor = await session({ guestId: null, lastSeenAt: at(ANONYMOUS_SESSION_IDLE_MS + HOUR) });
    const longIdleGuest = await session({ guestId, lastSeenAt: at(SESSION_IDLE_MS + HOUR) });
    const endedLongAgo = await session({
      guestId,
      lastSeenAt: at(3 * 24 * HOUR),
      revokedAt: at(PURGE_GRACE_MS + HOUR),
    });
    const endedRecently = await session({ guestId, lastSeenAt: at(2 * HOUR), revokedAt: at(HOUR) });

    const resetKey = async (values: { expiresAt: Date; usedAt?: Date }) => {
      const [row] = await db
        .insert(passwordResets)
        .values({ guestId, keyHash: hash(), ...values })
        .returning({ id: passwordResets.id });
      return row?.id ?? 0;
    };
    const keyValid = await resetKey({ expiresAt: at(-HOUR) });
    const keyUsedRecently = await resetKey({ expiresAt: at(-HOUR), usedAt: at(HOUR) });
    const keyUsedLongAgo = await resetKey({ expiresAt: at(-HOUR), usedAt: at(PURGE_GRACE_MS + HOUR) });
    const keyExpiredLongAgo = await resetKey({ expiresAt: at(PURGE_GRACE_MS + HOUR) });

    const transfer = async (values: { expiresAt: Date; usedAt?: Date }) => {
      const tokenHash = hash();
      await db.insert(loginTransfers).values({ sessionId: live, tokenHash, ...values });
      return tokenHash;
    };
    const transferValid = await transfer({ expiresAt: at(-5 * 60_000) });
    const transferUsedLongAgo = await transfer({ expiresAt: at(-HOUR), usedAt: at(PURGE_GRACE_MS + HOUR) });
    const transferExpiredLongAgo = await transfer({ expiresAt: at(PURGE_GRACE_MS + HOUR) });
    const transferExpiredRecently = await transfer({ expiresAt: at(HOUR) });

    const job = createSessionPurgeJob({ purge: createGuestsPurgeRepository(db).purge, now: () => clock });
    const counts = await job.runNow();
    expect(counts).toEqual({ sessions: 3, resetKeys: 2, loginTransfers: 2 });

    const sessionIds = [live, liveVisitor, idleVisitor, longIdleGuest, endedLongAgo, endedRecently];
    const left = (
      await db
        .select({ id: guestSessions.id })
        .from(guestSessions)
        .where(inArray(guestSessions.id, sessionIds))
    ).map((r) => r.id);
    expect(left.sort((a, b) => a - b)).toEqual([live, liveVisitor, endedRecently].sort((a, b) => a - b));
    const keys = (
      await db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(eq(passwordResets.guestId, guestId))
    ).map((r) => r.id);
    expect(keys).toContain(keyValid);
    expect(keys).toContain(keyUsedRecently);
    expect(keys).not.toContain(keyUsedLongAgo);
    expect(keys).not.toContain(keyExpiredLongAgo);
    const transfers = (await db.select({ tokenHash: loginTransfers.tokenHash }).from(loginTransfers)).map(
      (r) => r.tokenHash,
    );
    expect(transfers).toEqual(expect.arrayContaining([transferValid, transferExpiredRecently]));
    expect(transfers).not.toContain(transferUsedLongAgo);
    expect(transfers).not.toContain(transferExpiredLongAgo);

    // A second run at the same time finds nothing. A day and two hours later the recently ended
    // session, the visitor now idle past its limit, the keys and the tokens (the signup's too) are
    // spent past the grace; the guest's live session stays.
    expect(await job.runNow()).toEqual({ sessions: 0, resetKeys: 0, loginTransfers: 0 });
    clock = new Date(clock.getTime() + PURGE_GRACE_MS + 2 * HOUR);
    expect(await job.runNow()).toEqual({ sessions: 2, resetKeys: 2, loginTransfers: 3 });
    const remaining = await db
      .select({ id: guestSessions.id })
      .from(guestSessions)
      .where(inArray(guestSessions.id, sessionIds));
    expect(remaining.map((r) => r.id)).toEqual([live]);
  });
});
