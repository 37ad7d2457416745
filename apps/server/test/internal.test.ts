/**
 * The internal (operator) API (spec 6/7 "internal endpoints"): absent without INTERNAL_API_TOKEN;
 * otherwise X-Internal-Token (401 without it, 403 when wrong) AND an allow-listed address (IP or
 * CIDR) are required. Locking a guest logs them out (spec 4/6: guestLocked).
 */
import { Writable } from 'node:stream';
import { eq } from '@vela/db/orm';
import { guestSessions } from '@vela/db/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAllowList } from '../src/http/internal-auth.ts';
import type { InProcessBus } from '../src/infra/bus.ts';
import { logIn, nextIp, operatorOf, PASSWORD, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const TOKEN = 'internal-test-token-abcdefghijklmnop';

/** This file's client addresses (10.8.x.y), apart from the other test files. */
const NET = '10.8';
const operator = operatorOf(TOKEN);

const listRequests = (app: FastifyInstance, options: { token?: string; ip?: string; path?: string } = {}) =>
  app.inject({
    method: 'GET',
    url: options.path ?? '/rest/v1/internal/avs/requests?status=pending&limit=50',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.token === undefined ? {} : { 'x-internal-token': options.token },
  });

describe('internal API without INTERNAL_API_TOKEN', () => {
  it('does not exist: every path under /rest/v1/internal/ answers 404 like an unknown route', async () => {
    const t = await createTestApp();
    try {
      const withHeader = await listRequests(t.app, { token: TOKEN });
      expect(withHeader.statusCode).toBe(404);
      expect(withHeader.json().error.code).toBe('NOT_FOUND');
      const lock = await operator(t.app, 'POST', 'guests/1/lock', { locked: true });
      expect(lock.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('internal API with a token and an allow-list', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let bus: InProcessBus;
  const logLines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({
      env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1, 10.20.0.0/16, 2001:db8::/32' },
      logTo: sink,
    });
    ({ app, bus } = t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('401 INTERNAL_TOKEN_MISSING without the X-Internal-Token header', async () => {
    const response = await listRequests(app);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('INTERNAL_TOKEN_MISSING');
  });

  it('403 FORBIDDEN with a wrong token, even from an allowed address', async () => {
    for (const token of ['wrong', `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const response = await listRequests(app, { token });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('403 FORBIDDEN with the right token from an address outside INTERNAL_ALLOWED_IPS', async () => {
    for (const ip of ['192.168.1.5', '10.21.0.1', '2001:db9::1', '::ffff:192.168.1.5']) {
      const response = await listRequests(app, { token: TOKEN, ip });
      expect(response.statusCode, ip).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('allows the right token from listed IPs and from inside listed CIDRs (IPv4, IPv6, IPv4-mapped)', async () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '10.20.0.1',
      '10.20.255.254',
      '2001:db8:1::7',
      '::ffff:10.20.3.4',
    ]) {
      const response = await listRequests(app, { token: TOKEN, ip });
      expect(response.statusCode, ip).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ success: true, data: { requests: [] } });
    }
  });

  it('unknown internal paths pass the guard first: 401/403 for outsiders, 404 only for the operator', async () => {
    const path = '/rest/v1/internal/no/such/thing';
    expect((await listRequests(app, { path })).statusCode).toBe(401);
    expect((await listRequests(app, { path, token: 'nope' })).statusCode).toBe(403);
    expect((await listRequests(app, { path, token: TOKEN, ip: '192.168.1.5' })).statusCode).toBe(403);
    expect((await listRequests(app, { path, token: TOKEN })).statusCode).toBe(404);
  });

  it('bad query input is a 400 (status outside the list, limit over 200)', async () => {
    for (const query of ['status=maybe', 'limit=500', 'limit=0']) {
      const response = await listRequests(app, {
        token: TOKEN,
        path: `/rest/v1/internal/avs/requests?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('spec 6: locking a guest logs them out everywhere and publishes guestLocked; unlocking lets them log in again', async () => {
    const guest = await signUp(app, 'Lock_Me', { ip: nextIp(NET) });
    const second = await logIn(app, 'Lock_Me', PASSWORD, nextIp(NET));
    expect(second.statusCode).toBe(200);
    const events: unknown[] = [];
    const stop = await bus.subscribe(`guest:${guest.id}`, (event) => {
      events.push(event);
    });
    const me = () =>
      app.inject({ method: 'GET', url: '/rest/v1/guest/me', headers: { cookie: guest.cookie } });
    expect((await me()).statusCode).toBe(200);

    const lock = (locked: unknown) => operator(app, 'POST', `guests/${guest.id}/lock`, { locked });
    expect((await lock('yes')).statusCode).toBe(400);
    const locked = await lock(true);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().data).toMatchObject({ locked: true, sessionsEnded: 2 });
    // The whole declared answer (decision 0032), nothing more or less.
    expect(locked.json().data).toEqual({ guestId: String(guest.id), locked: true, sessionsEnded: 2 });

    const after = await me();
    expect(after.statusCode).toBe(401);
    const live = await t.database.db.select().from(guestSessions).where(eq(guestSessions.guestId, guest.id));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    const login = await logIn(app, 'Lock_Me', PASSWORD, nextIp(NET));
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('ACCOUNT_LOCKED');

    expect((await lock(false)).json().data).toMatchObject({ locked: false, sessionsEnded: 0 });
    const again = await logIn(app, 'Lock_Me', PASSWORD, nextIp(NET));
    expect(again.statusCode).toBe(200);

    // The bus delivers in publish order: once a marker published now arrives, every event has.
    const mark = { type: 'test-mark' };
    await bus.publish(`guest:${guest.id}`, mark);
    await vi.waitFor(() => expect(events.at(-1)).toEqual(mark), { timeout: 5_000 });
    expect(events).toEqual([{ type: 'guestLocked' }, mark]);
    await stop();

    const unknown = await operator(app, 'POST', 'guests/999999/lock', { locked: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('GUEST_NOT_FOUND');
  });

  it('every operator call is logged with its action, never with the token', async () => {
    await listRequests(app, { token: TOKEN });
    await listRequests(app, { token: 'a-wrong-token-value' });
    const lines = logLines.join('');
    expect(lines).toContain('internal api: avs.list');
    expect(lines).toContain('internal api: guest.lock');
    expect(lines).toContain('internal api call refused');
    expect(lines).not.toContain(TOKEN);
    expect(lines).not.toContain('a-wrong-token-value');
  });
});

describe('allow-list', () => {
  it('matches IPs and CIDRs of both families and nothing else', () => {
    const allowed = createAllowList(['192.0.2.0/24', '198.51.100.7', 'fd00::/8']);
    expect(allowed('192.0.2.200')).toBe(true);
    expect(allowed('192.0.3.1')).toBe(false);
    expect(allowed('198.51.100.7')).toBe(true);
    expect(allowed('198.51.100.8')).toBe(false);
    expect(allowed('fd12::1')).toBe(true);
    expect(allowed('fe80::1')).toBe(false);
    expect(allowed('not-an-ip')).toBe(false);
    expect(() => createAllowList(['10.0.0.0/xx/1'])).toThrow();
  });
});
