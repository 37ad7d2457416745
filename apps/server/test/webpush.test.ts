/**
 * Web push (spec 7 `web-push/*`, issue 6 deliverable 7) through HTTP against a real database, and the
 * real sending: a local push service (node:http) receives the encrypted, VAPID-signed message, which
 * the test decrypts as a browser would (RFC 8291).
 */

import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Notification } from '@vela/contracts/socket';
import { encodeWebPushPayload } from '@vela/contracts/webpush-api';
import { eq } from '@vela/db/orm';
import { webPushSubscriptions } from '@vela/db/schema/webpush';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { createLogger } from '../src/http/logging.ts';
import { createGuestAuth } from '../src/modules/guests/auth.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { isSendableEndpoint } from '../src/modules/webpush/webpush.endpoint.ts';
import { createWebPushModule, type WebPushModule } from '../src/modules/webpush/webpush.module.ts';
import { pushMessageOf } from '../src/modules/webpush/webpush.service.ts';
import { nextIp, operatorOf, type SignedUp, signUp } from './guest-helpers.ts';
import { tempDir } from './helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.61';
const INTERNAL_TOKEN = 'webpush-internal-token-0123456789';
const operator = operatorOf(INTERNAL_TOKEN);
const VAPID = webPush.generateVAPIDKeys();

/** Everything a logger wrote, one parsed line per entry. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

/** A browser's side of a subscription: its P-256 key pair and authentication secret. */
interface FakeBrowser {
  ecdh: ECDH;
  authSecret: Buffer;
  endpoint: string;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

function fakeBrowser(endpoint: string): FakeBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    endpoint,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
  };
}

/** RFC 8291 / RFC 8188 decryption of a one-record aes128gcm body, as the browser does it. */
function decrypt(browser: FakeBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A local push service: records every request and answers `answer` (201 by default). */
async function startPushService() {
  const received: Received[] = [];
  const state = { answer: 201 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(state.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    state,
    endpoint: (name: string) => `http://127.0.0.1:${port}/push/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const notification = (overrides: Partial<Notification> = {}): Notification => ({
  id: '901',
  type: 3,
  unread: true,
  unseen: true,
  params: { code: 'SPRING25' },
  url: '/de/myvela/',
  createdAt: new Date('2025-03-01T10:00:00Z').toISOString(),
  ...overrides,
});

describe('web push (spec 7 web-push/*)', () => {
  let t: TestApp;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let module: WebPushModule;
  const requestLog = logSink();
  const moduleLog = logSink();
  let ada: SignedUp;
  let ben: SignedUp;

  const call = (method: 'GET' | 'POST', url: string, options: { as?: SignedUp; payload?: unknown } = {}) =>
    t.app.inject({
      method,
      url: `/rest/v1/web-push/${url}`,
      ...(options.as ? { headers: { cookie: options.as.cookie } } : {}),
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const subscribe = (as: SignedUp, browser: FakeBrowser, language = 'de') =>
    call('POST', 'subscribe', { as, payload: { ...browser.json, language } });
  const status = (as: SignedUp, endpoint: string) =>
    call('GET', `status/${encodeWebPushPayload(endpoint)}`, { as });
  const rowOf = async (endpoint: string) => {
    const [row] = await t.database.db
      .select()
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.endpoint, endpoint));
    return row ?? null;
  };

  beforeAll(async () => {
    pushService = await startPushService();
    t = await createTestApp({
      env: {
        WEB_PUSH_VAPID_PUBLIC_KEY: VAPID.publicKey,
        WEB_PUSH_VAPID_PRIVATE_KEY: VAPID.privateKey,
        WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
        LOG_LEVEL: 'info',
        INTERNAL_API_TOKEN: INTERNAL_TOKEN,
        INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1',
      },
      logTo: requestLog.stream,
    });
    // The module as app.ts builds it (same database and configuration), to call `push` directly; it
    // hears no notifications module of its own (the app's path is the test "a notification the app
    // shows a guest is pushed").
    module = createWebPushModule({
      notifications: { onCreated: () => () => undefined },
      db: t.database.db,
      config: t.config,
      log: createLogger('info', moduleLog.stream),
      auth: createGuestAuth({
        repository: createGuestsRepository(t.database.db),
        secret: randomBytes(32).toString('base64url'),
        secureCookies: false,
      }),
    });
    ada = await signUp(t.app, 'push-ada', { ip: nextIp(NET) });
    ben = await signUp(t.app, 'push-ben', { ip: nextIp(NET) });
  });

  afterAll(async () => {
    await t?.close();
    await pushService?.close();
  });

  it('web-push/key answers the configured VAPID public key to anyone', async () => {
    const response = await call('GET', 'key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { publicKey: VAPID.publicKey } });
    expect(response.body).not.toContain(VAPID.privateKey);
  });

  it('subscribe, status, update and unsubscribe need a logged-in guest (401 NOT_LOGGED_IN)', async () => {
    const browser = fakeBrowser(pushService.endpoint('visitor'));
    const payload = encodeWebPushPayload(browser.endpoint);
    const answers = [
      await call('POST', 'subscribe', { payload: { ...browser.json, language: 'en' } }),
      await call('GET', `status/${payload}`),
      await call('POST', `update/${payload}`, { payload: { enabled: false } }),
      await call('POST', `unsubscribe/${payload}`, { payload: {} }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe('NOT_LOGGED_IN');
    }
    expect(await rowOf(browser.endpoint)).toBeNull();
  });

  it('subscribing is idempotent for the same guest: 201 first, then 200 with the same token', async () => {
    const browser = fakeBrowser(pushService.endpoint('ada-1'));
    const first = await subscribe(ada, browser, 'de');
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json().data;
    expect(created).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      enabled: true,
      language: 'de',
    });
    const again = await subscribe(ada, browser, 'en');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ token: created.token, enabled: true, language: 'en' });
    const answer = await status(ada, browser.endpoint);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ token: created.token, enabled: true, language: 'en' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it("a guest never sees or changes another guest's subscription: 404 exactly like a missing one", async () => {
    const browser = fakeBrowser(pushService.endpoint('ada-private'));
    const token = (await subscribe(ada, browser, 'de')).json().data.token;
    const missing = pushService.endpoint('nobody');
    const pairs = [
      [status(ben, browser.endpoint), status(ben, missing)],
      [
        call('POST', `update/${encodeWebPushPayload(browser.endpoint)}`, {
          as: ben,
          payload: { enabled: false },
        }),
        call('POST', `update/${encodeWebPushPayload(missing)}`, { as: ben, payload: { enabled: false } }),
      ],
      [
        call('POST', `unsubscribe/${encodeWebPushPayload(browser.endpoint)}`, { as: ben, payload: {} }),
        call('POST', `unsubscribe/${encodeWebPushPayload(missing)}`, { as: ben, payload: {} }),
      ],
    ] as const;
    for (const [others, absent] of pairs) {
      const [a, b] = await Promise.all([others, absent]);
      expect(a.statusCode).toBe(404);
      expect(b.statusCode).toBe(404);
      expect(a.json().error).toEqual(b.json().error);
      expect(a.json().error.code).toBe('WEB_PUSH_SUBSCRIPTION_NOT_FOUND');
      expect(a.body).not.toContain(token);
    }
    expect((await status(ada, browser.endpoint)).json().data).toEqual({
      token,
      enabled: true,
      language: 'de',
    });
  });

  it('a browser subscribed by another guest moves to the new guest with a new token', async () => {
    const browser = fakeBrowser(pushService.endpoint('shared'));
    const adas = (await subscribe(ada, browser, 'de')).json().data.token;
    const moved = await subscribe(ben, browser, 'es');
    expect(moved.statusCode).toBe(201);
    const bens = moved.json().data.token;
    expect(bens).not.toBe(adas);
    expect((await status(ada, browser.endpoint)).statusCode).toBe(404);
    expect((await status(ben, browser.endpoint)).json().data).toEqual({
      token: bens,
      enabled: true,
      language: 'es',
    });
    // Ada's old handle no longer works.
    const other = fakeBrowser(pushService.endpoint('shared-2'));
    expect((await call('POST', `resubscribe/${adas}`, { payload: other.json })).statusCode).toBe(404);
  });

  it('update changes language and enabled; unsubscribe deletes', async () => {
    const browser = fakeBrowser(pushService.endpoint('ada-update'));
    const token = (await subscribe(ada, browser, 'de')).json().data.token;
    const payload = encodeWebPushPayload(browser.endpoint);
    const updated = await call('POST', `update/${payload}`, {
      as: ada,
      payload: { language: 'nl', enabled: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toEqual({ token, enabled: false, language: 'nl' });
    const enabled = await call('POST', `update/${payload}`, { as: ada, payload: { enabled: true } });
    expect(enabled.json().data).toEqual({ token, enabled: true, language: 'nl' });
    const gone = await call('POST', `unsubscribe/${payload}`, { as: ada, payload: {} });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual({ unsubscribed: true });
    expect(await rowOf(browser.endpoint)).toBeNull();
    expect((await status(ada, browser.endpoint)).statusCode).toBe(404);
  });

  it('resubscribe moves the row of a token to the new endpoint, without a session', async () => {
    const old = fakeBrowser(pushService.endpoint('rotating-old'));
    const token = (await subscribe(ada, old, 'es')).json().data.token;
    const renewed = fakeBrowser(pushService.endpoint('rotating-new'));
    const answer = await call('POST', `resubscribe/${token}`, { payload: renewed.json });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({ token, enabled: true, language: 'es' });
    expect((await status(ada, old.endpoint)).statusCode).toBe(404);
    expect((await status(ada, renewed.endpoint)).json().data.token).toBe(token);
    const row = await rowOf(renewed.endpoint);
    expect(row?.p256dh).toBe(renewed.json.keys.p256dh);
    const unknown = await call('POST', `resubscribe/${'A'.repeat(32)}`, { payload: renewed.json });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('WEB_PUSH_SUBSCRIPTION_NOT_FOUND');
  });

  it('bad input answers 400 with a code and message and changes nothing', async () => {
    const browser = fakeBrowser(pushService.endpoint('ada-bad'));
    const token = (await subscribe(ada, browser, 'de')).json().data.token;
    const before = await rowOf(browser.endpoint);
    const other = fakeBrowser(pushService.endpoint('ada-bad-2'));
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const payload = encodeWebPushPayload(browser.endpoint);
    const bad = [
      await call('POST', 'subscribe', { as: ada, payload: { ...other.json } }),
      await call('POST', 'subscribe', { as: ada, payload: { ...other.json, language: 'fr' } }),
      await call('POST', 'subscribe', { as: ada, payload: { ...other.json, language: 'de', extra: 1 } }),
      await call('POST', 'subscribe', {
        as: ada,
        payload: { ...other.json, keys: { ...other.json.keys, p256dh: notOnCurve }, language: 'de' },
      }),
      await call('POST', 'subscribe', {
        as: ada,
        payload: { ...other.json, keys: { ...other.json.keys, auth: 'c2hvcnQ' }, language: 'de' },
      }),
      await call('POST', 'subscribe', {
        as: ada,
        payload: { ...other.json, endpoint: 'ftp://push.example.com/x', language: 'de' },
      }),
      await call('GET', 'status/not-json', { as: ada }),
      await call('GET', `status/${Buffer.from('{"url":"x"}').toString('base64url')}`, { as: ada }),
      await call('POST', `update/${payload}`, { as: ada, payload: {} }),
      await call('POST', `update/${payload}`, { as: ada, payload: { enabled: 'no' } }),
      await call('POST', `update/${payload}`, { as: ada, payload: { enabled: false, guestId: 1 } }),
      await call('POST', 'resubscribe/short', { payload: other.json }),
      await call('POST', `resubscribe/${token}`, { payload: { endpoint: other.endpoint } }),
    ];
    for (const answer of bad) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    expect(await rowOf(other.endpoint)).toBeNull();
    expect(await rowOf(browser.endpoint)).toEqual(before);
  });

  it('push delivers an aes128gcm message signed with VAPID, in the language of the subscription', async () => {
    const carl = await signUp(t.app, 'push-carl', { ip: nextIp(NET) });
    const german = fakeBrowser(pushService.endpoint('carl-de'));
    const spanish = fakeBrowser(pushService.endpoint('carl-es'));
    const muted = fakeBrowser(pushService.endpoint('carl-muted'));
    await subscribe(carl, german, 'de');
    await subscribe(carl, spanish, 'es');
    await subscribe(carl, muted, 'en');
    await call('POST', `update/${encodeWebPushPayload(muted.endpoint)}`, {
      as: carl,
      payload: { enabled: false },
    });
    pushService.received.length = 0;

    await module.push(carl.id, notification());

    expect(pushService.received.map((r) => r.path).sort()).toEqual(['/push/carl-de', '/push/carl-es']);
    for (const [browser, body] of [
      [german, 'Bonuscode SPRING25 eingelöst'],
      [spanish, 'Código de bonificación SPRING25 canjeado'],
    ] as const) {
      const request = pushService.received.find((r) => r.path === new URL(browser.endpoint).pathname)!;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers.ttl).toBe('86400');
      expect(request.headers.authorization).toMatch(
        new RegExp(`^vapid t=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+, k=${VAPID.publicKey}$`),
      );
      // The JWT is for this push service's origin, signed for the configured subject.
      const jwt = /t=([^,]+)/.exec(request.headers.authorization!)![1]!;
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
      expect(claims.aud).toBe(new URL(browser.endpoint).origin);
      expect(claims.sub).toBe('mailto:no-reply@vela.localhost');
      expect(JSON.parse(decrypt(browser, request.body))).toEqual({
        title: 'Vela',
        body,
        url: '/de/myvela/',
        tag: 'notification-901',
      });
    }
    expect((await rowOf(german.endpoint))?.lastSentAt).toBeInstanceOf(Date);
    expect((await rowOf(muted.endpoint))?.lastSentAt).toBeNull();
  });

  it('a notification the app shows a guest is pushed to their browsers (web push hears the notifications module)', async () => {
    const gil = await signUp(t.app, 'push-gil', { ip: nextIp(NET) });
    const browser = fakeBrowser(pushService.endpoint('gil'));
    await subscribe(gil, browser, 'en');
    pushService.received.length = 0;

    const created = await operator(t.app, 'POST', `guests/${gil.id}/notifications`, {
      type: 3,
      params: { code: 'AUTUMN10' },
      url: '/en/myvela/',
    });

    expect(created.statusCode, created.body).toBe(201);
    expect(pushService.received.map((r) => r.path)).toEqual(['/push/gil']);
    expect(JSON.parse(decrypt(browser, pushService.received[0]!.body))).toMatchObject({
      url: '/en/myvela/',
      tag: `notification-${created.json().data.notification.id}`,
    });
    // A hidden type (spec 9) is stored, never shown, so never pushed.
    pushService.received.length = 0;
    const hidden = await operator(t.app, 'POST', `guests/${gil.id}/notifications`, { type: 6 });
    expect(hidden.statusCode, hidden.body).toBe(201);
    expect(pushService.received).toEqual([]);
  });

  it('hidden notification types (spec 9: 6, 7, 13, 14, 15, 22) are never pushed', async () => {
    const dora = await signUp(t.app, 'push-dora', { ip: nextIp(NET) });
    await subscribe(dora, fakeBrowser(pushService.endpoint('dora')), 'en');
    pushService.received.length = 0;
    for (const type of [6, 7, 13, 14, 15, 22]) await module.push(dora.id, notification({ type }));
    expect(pushService.received).toEqual([]);
    await module.push(dora.id, notification({ type: 1, params: { actorName: 'Mila' } }));
    expect(pushService.received).toHaveLength(1);
  });

  it('a push service answering 410 or 404 deletes the subscription; other failures are logged, never thrown', async () => {
    const erin = await signUp(t.app, 'push-erin', { ip: nextIp(NET) });
    const browser = fakeBrowser(pushService.endpoint('erin'));
    await subscribe(erin, browser, 'en');

    pushService.state.answer = 500;
    await expect(module.push(erin.id, notification())).resolves.toBeUndefined();
    expect(await rowOf(browser.endpoint)).not.toBeNull();
    expect(moduleLog.text()).toContain('web push refused by the push service');

    pushService.state.answer = 410;
    await expect(module.push(erin.id, notification())).resolves.toBeUndefined();
    expect(await rowOf(browser.endpoint)).toBeNull();
    expect((await status(erin, browser.endpoint)).statusCode).toBe(404);

    const lost = fakeBrowser(pushService.endpoint('erin-404'));
    pushService.state.answer = 201;
    await subscribe(erin, lost, 'en');
    pushService.state.answer = 404;
    await module.push(erin.id, notification());
    expect(await rowOf(lost.endpoint)).toBeNull();
    pushService.state.answer = 201;

    // No push service at all (connection refused): logged, not thrown, the row stays.
    const unreachable = fakeBrowser('http://127.0.0.1:9/push/erin');
    await subscribe(erin, unreachable, 'en');
    await expect(module.push(erin.id, notification())).resolves.toBeUndefined();
    expect(await rowOf(unreachable.endpoint)).not.toBeNull();
    expect(moduleLog.text()).toContain('web push not delivered');
  });

  it('never logs tokens, keys or endpoint paths', async () => {
    const browser = fakeBrowser(pushService.endpoint('secretive-path'));
    const token = (await subscribe(ada, browser, 'en')).json().data.token;
    await call('POST', `resubscribe/${token}`, { payload: browser.json });
    await status(ada, browser.endpoint);
    await module.push(ada.id, notification());
    const logs = `${requestLog.text()}\n${moduleLog.text()}`;
    // Requests are logged (the subscribe call is there), only never with a handle in the path.
    expect(requestLog.text()).toContain('/rest/v1/web-push/subscribe');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(VAPID.privateKey);
    expect(logs).not.toContain(encodeWebPushPayload(browser.endpoint));
    expect(logs).not.toContain('secretive-path');
  });
});

describe('web push with the default configuration (no keys, no local endpoints)', () => {
  let t: TestApp;
  let build: Awaited<ReturnType<typeof tempDir>>;
  let guest: SignedUp;

  beforeAll(async () => {
    build = await tempDir('webpush-build');
    const clientDir = path.join(build.dir, 'client');
    await mkdir(clientDir, { recursive: true });
    await copyFile(new URL('../../web/public/sw.js', import.meta.url), path.join(clientDir, 'sw.js'));
    t = await createTestApp({ webBuild: { serverBuildFile: path.join(build.dir, 'none.js'), clientDir } });
    guest = await signUp(t.app, 'push-fay', { ip: nextIp(NET) });
  });

  afterAll(async () => {
    await t?.close();
    await build?.remove();
  });

  it('a generated key pair is served (npm start works with push enabled)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/v1/web-push/key' });
    expect(response.statusCode).toBe(200);
    const key = Buffer.from(response.json().data.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('endpoints of local or private hosts are refused: 400 WEB_PUSH_ENDPOINT_NOT_ALLOWED', async () => {
    for (const endpoint of ['http://127.0.0.1:9/push/x', 'https://10.0.0.8/push', 'https://localhost/push']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/web-push/subscribe',
        headers: { cookie: guest.cookie },
        payload: { ...fakeBrowser(endpoint).json, language: 'en' },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.code).toBe('WEB_PUSH_ENDPOINT_NOT_ALLOWED');
    }
    const fcm = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/web-push/subscribe',
      headers: { cookie: guest.cookie },
      payload: { ...fakeBrowser('https://fcm.googleapis.com/fcm/send/abc:def').json, language: 'en' },
    });
    expect(fcm.statusCode).toBe(201);
  });

  it('/sw.js is served for the whole origin and always revalidated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toContain("addEventListener('push'");
  });
});

describe('web push rules', () => {
  it('only https push services on public names are sendable unless local endpoints are allowed', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/x',
      'https://db5p.notify.windows.com/w/?token=x',
    ]) {
      expect(isSendableEndpoint(endpoint, false), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/x',
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://[::1]/x',
      'https://redis/x',
      'https://localhost/x',
      'https://printer.local/x',
      'https://user:pw@fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(isSendableEndpoint(endpoint, false), endpoint).toBe(false);
    }
    expect(isSendableEndpoint('http://127.0.0.1:8080/x', true)).toBe(true);
    expect(isSendableEndpoint('ftp://127.0.0.1/x', true)).toBe(false);
  });

  it('a message uses the generic text when the params do not fit, and only a path as url', () => {
    const message = pushMessageOf(
      { ...notification({ type: 1, params: {}, url: 'https://evil.example/' }) },
      'en',
      'Nova',
    );
    expect(message).toEqual({
      title: 'Nova',
      body: 'You have a new notification',
      url: '/',
      tag: 'notification-901',
    });
    expect(pushMessageOf(notification({ url: '//evil.example/x' }), 'en', 'Nova').url).toBe('/');
    expect(pushMessageOf(notification({ type: 42, params: {} }), 'nl', 'Nova').body).toBe(
      'Je hebt een nieuwe melding',
    );
  });
});
