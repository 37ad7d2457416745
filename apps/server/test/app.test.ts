import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { AliveResponseSchema, ErrorBodySchema } from '@vela/contracts/common';
import { trackingEvents } from '@vela/db/schema';
import { testBackend } from '@vela/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_MESSAGE } from '../src/http/errors.ts';
import { BUILD_MISSING_HINT } from '../src/http/ssr.ts';
import { PAY_ORIGIN, tempDir } from './helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('page origin app', () => {
  let t: TestApp;
  let noBuild: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    // A web build location without a build: REST must work regardless, pages answer 503.
    noBuild = await tempDir('nobuild');
    await mkdir(path.join(noBuild.dir, 'client', 'assets'), { recursive: true });
    await writeFile(
      path.join(noBuild.dir, 'client', 'assets', 'entry.client-AbC123.js'),
      'console.log(1);\n',
    );
    t = await createTestApp({
      env: { ENABLE_BENCH_ROUTES: 'true' },
      webBuild: {
        serverBuildFile: path.join(noBuild.dir, 'server', 'index.js'),
        clientDir: path.join(noBuild.dir, 'client'),
      },
    });
    // A route that fails like a bug would, to prove what a 500 looks like from outside.
    t.app.get('/rest/v1/test/failure', async () => {
      throw new Error('secret internal detail at /srv/vela/src/thing.ts:12');
    });
  });

  afterAll(async () => {
    await t?.close();
    await noBuild?.remove();
  });

  describe('GET /rest/v1/alive', () => {
    it('reports alive, the version and the database kind after checking the database', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/rest/v1/alive' });
      expect(res.statusCode).toBe(200);
      const body = AliveResponseSchema.parse(res.json());
      expect(body.data).toEqual({
        alive: true,
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        database: testBackend,
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers 503 DB_UNAVAILABLE when the database does not answer select 1', async () => {
      const broken = await createTestApp();
      try {
        await broken.database.close();
        const res = await broken.app.inject({ method: 'GET', url: '/rest/v1/alive' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ success: false, error: { code: 'DB_UNAVAILABLE' } });
      } finally {
        await broken.app.close();
      }
    });
  });

  describe('REST errors', () => {
    it('an unknown REST route is 404 NOT_FOUND as JSON with the request id', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/rest/v1/no/such/route?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = ErrorBodySchema.parse(res.json());
      expect(body).toEqual({
        success: false,
        error: { code: 'NOT_FOUND', message: 'No route GET /rest/v1/no/such/route' },
        requestId: res.headers['x-request-id'],
      });
    });

    it('a failure is 500 INTERNAL_ERROR with a generic message and no stack or internals', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/rest/v1/test/failure' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        error: { code: 'INTERNAL_ERROR', message: INTERNAL_ERROR_MESSAGE },
        requestId: res.headers['x-request-id'],
      });
      expect(res.body).not.toMatch(/secret internal detail|thing\.ts|at /);
    });

    it('a body that is not JSON is 400 VALIDATION_ERROR', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/tracker/track',
        headers: { 'content-type': 'application/json' },
        payload: '{"eventContext":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    });
  });

  describe('POST /rest/v1/tracker/track (spec 7: eventContext, eventAction, eventData)', () => {
    const countRows = () => t.database.db.$count(trackingEvents);

    it('stores a tracking event and answers 204', async () => {
      const before = await countRows();
      const res = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/tracker/track',
        payload: {
          eventContext: 'actorProfile',
          eventAction: 'visit',
          eventData: { actorId: 12, from: 'search' },
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await countRows()).toBe(before + 1);
      const rows = await t.database.db.select().from(trackingEvents);
      expect(rows.at(-1)).toMatchObject({
        eventContext: 'actorProfile',
        eventAction: 'visit',
        eventData: { actorId: 12, from: 'search' },
        sessionKey: null,
      });
    });

    it('eventData is optional', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/tracker/track',
        payload: { eventContext: 'home', eventAction: 'scroll' },
      });
      expect(res.statusCode).toBe(204);
    });

    const badBodies: [string, unknown, string][] = [
      ['missing eventAction', { eventContext: 'home' }, 'eventAction'],
      ['empty eventContext', { eventContext: '', eventAction: 'x' }, 'eventContext'],
      ['eventContext too long', { eventContext: 'a'.repeat(65), eventAction: 'x' }, 'eventContext'],
      ['eventData not an object', { eventContext: 'home', eventAction: 'x', eventData: [1, 2] }, 'eventData'],
      [
        'eventData too large',
        { eventContext: 'home', eventAction: 'x', eventData: { s: 'x'.repeat(5000) } },
        'eventData',
      ],
      ['unknown field', { eventContext: 'home', eventAction: 'x', guestId: 5 }, 'guestId'],
    ];

    it.each(badBodies)(
      'a bad body (%s) is 400 VALIDATION_ERROR naming the field and stores nothing',
      async (_case, payload, field) => {
        const before = await countRows();
        const res = await t.app.inject({
          method: 'POST',
          url: '/rest/v1/tracker/track',
          payload: payload as object,
        });
        expect(res.statusCode).toBe(400);
        const body = ErrorBodySchema.parse(res.json());
        expect(body.error.code).toBe('VALIDATION_ERROR');
        expect(body.error.message).toContain(field);
        expect(body.requestId).toBe(res.headers['x-request-id']);
        expect(await countRows()).toBe(before);
      },
    );
  });

  describe('request ids', () => {
    it('honours a well-formed incoming x-request-id and echoes it', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/rest/v1/nothing-here',
        headers: { 'x-request-id': 'lb-2f9c1e77-aa01' },
      });
      expect(res.headers['x-request-id']).toBe('lb-2f9c1e77-aa01');
      expect(res.json().requestId).toBe('lb-2f9c1e77-aa01');
    });

    it('generates an id when none or a malformed one is sent', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/rest/v1/alive' });
      const malformed = await t.app.inject({
        method: 'GET',
        url: '/rest/v1/alive',
        headers: { 'x-request-id': 'bad id\twith "quotes"' },
      });
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
      expect(none.headers['x-request-id']).toMatch(uuid);
      expect(malformed.headers['x-request-id']).toMatch(uuid);
      expect(none.headers['x-request-id']).not.toBe(malformed.headers['x-request-id']);
    });
  });

  describe('security headers', () => {
    it('sends a CSP with a fresh script nonce per request, frame-src the pay origin, img-src self data:', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/en/' });
      const second = await t.app.inject({ method: 'GET', url: '/rest/v1/alive' });
      const csp = String(first.headers['content-security-policy']);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(String(second.headers['content-security-policy'])).not.toContain(nonce);
      expect(csp).toContain(`frame-src ${PAY_ORIGIN}`);
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
    });

    it('sends X-Content-Type-Options nosniff and Referrer-Policy strict-origin-when-cross-origin', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/rest/v1/alive' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    });
  });

  describe('compression', () => {
    it('compresses a large body for a client that accepts br or gzip, and not a small one', async () => {
      const url = '/__bench/baseline?bytes=20000&type=json';
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(20000);
      expect(zlib.brotliDecompressSync(br.rawPayload).length).toBe(20000);

      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).length).toBe(20000);

      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBe(20000);

      const small = await t.app.inject({
        method: 'GET',
        url: '/__bench/baseline?bytes=200&type=json',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('bench baseline route', () => {
    it('returns exactly N bytes of the asked content type when enabled', async () => {
      for (const [type, contentType] of [
        ['html', 'text/html; charset=utf-8'],
        ['json', 'application/json; charset=utf-8'],
      ] as const) {
        for (const bytes of [1, 30, 4096, 54321]) {
          const res = await t.app.inject({
            method: 'GET',
            url: `/__bench/baseline?bytes=${bytes}&type=${type}`,
          });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe(contentType);
          expect(res.rawPayload.length).toBe(bytes);
        }
      }
      const json = await t.app.inject({ method: 'GET', url: '/__bench/baseline?bytes=500&type=json' });
      expect(JSON.parse(json.body)).toHaveProperty('text');
    });

    it('refuses a bad size with 400 VALIDATION_ERROR', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/__bench/baseline?bytes=-5' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    });

    it('is absent (404) unless ENABLE_BENCH_ROUTES=true', async () => {
      const plain = await createTestApp();
      try {
        const res = await plain.app.inject({ method: 'GET', url: '/__bench/baseline?bytes=100&type=html' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      } finally {
        await plain.close();
      }
    });
  });

  describe('static files', () => {
    it('serves generated media from <DATA_DIR>/media, cached for a day', async () => {
      const files = await readdir(path.join(t.config.mediaDir, 'w320'));
      // An avatar (FSK 16, public); album pictures ('photo-') are served only through signed URLs.
      const image = files.find((f) => f.startsWith('avatar-') && f.endsWith('.webp'));
      expect(image, 'the test database comes with generated media').toBeDefined();
      const res = await t.app.inject({ method: 'GET', url: `/media/w320/${image}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const missing = await t.app.inject({ method: 'GET', url: '/media/w320/none.webp' });
      expect(missing.statusCode).toBe(404);
    });

    it('serves hashed web assets as immutable for a year', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/entry.client-AbC123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('does not serve files outside the media directory', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/media/..%2f..%2fpackage.json' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('without a web build', () => {
    it('pages answer 503 with the one-line hint while REST keeps working', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/en/' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toBe(`${BUILD_MISSING_HINT}\n`);
      const alive = await t.app.inject({ method: 'GET', url: '/rest/v1/alive' });
      expect(alive.statusCode).toBe(200);
    });
  });
});

describe('logging', () => {
  it('logs the request id and never tokens, cookies, authorization headers or e-mail addresses', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const t = await createTestApp({ logTo: sink });
    try {
      await t.app.inject({
        method: 'GET',
        url: '/rest/v1/alive?accessToken=tok-SECRET-1&key=key-SECRET-2&token=tok-SECRET-3&lang=en&mail=guest%40example.com',
        headers: {
          authorization: 'Bearer bearer-SECRET-4',
          cookie: 'session=cookie-SECRET-5',
          'x-request-id': 'log-test-request-1',
        },
      });
    } finally {
      await t.close();
    }
    const log = lines.join('\n');
    expect(log).toContain('log-test-request-1');
    expect(log).toContain('lang=en');
    for (const secret of ['SECRET', 'guest@example.com', 'guest%40example.com'])
      expect(log).not.toContain(secret);
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    expect(incoming).toMatchObject({ requestId: 'log-test-request-1', req: { method: 'GET' } });
  });
});
