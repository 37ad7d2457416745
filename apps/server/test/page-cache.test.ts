/**
 * The anonymous page micro-cache (PAGE_CACHE_TTL_MS) on the real web build and a real database: a page is
 * reused for the same URL and cookie choice, each response carries its own CSP nonce, and requests that
 * may be personal are never served from it.
 */

import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptsGzip, bodyWithNonce, gzipWithNonce, PageCache } from '../src/http/page-cache.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe('page cache keys', () => {
  const cache = new PageCache(5_000);
  const req = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    ({ url, method, headers }) as unknown as FastifyRequest;

  it('keys plain anonymous GETs by URL and the consent cookie', () => {
    expect(cache.keyFor(req('/en/'))).toBe('/en/\n');
    expect(cache.keyFor(req('/en/', { cookie: 'vela_consent=v1.f1.a0' }))).toBe(
      '/en/\nvela_consent=v1.f1.a0',
    );
  });

  it('never caches a request that may be personal', () => {
    expect(cache.keyFor(req('/en/', { authorization: 'Bearer x' }))).toBeNull();
    expect(cache.keyFor(req('/en/?accessToken=x'))).toBeNull();
    expect(cache.keyFor(req('/en/', { cookie: 'vela_consent=v1.f1.a0; session=abc' }))).toBeNull();
    expect(cache.keyFor(req('/en/', {}, 'HEAD'))).toBeNull();
  });

  it("keys a shared page's request with a session cookie by the cookie's presence, never its value", () => {
    const shared = new PageCache(5_000, undefined, (pathname) => pathname === '/en/');
    const a = shared.keyFor(req('/en/', { cookie: 'vela_session=guest-a' }));
    const b = shared.keyFor(req('/en/', { cookie: 'vela_session=guest-b; vela_consent=v1.f1.a0' }));
    expect(a).toBe('/en/\n\nsession');
    expect(b).toBe('/en/\nvela_consent=v1.f1.a0\nsession');
    expect(a).not.toContain('guest-a');
    expect(shared.keyFor(req('/en/', { cookie: 'vela_session=guest-b' }))).toBe(a);
    // Any other page with a session (My Vela, the wallet...) is rendered for its guest alone.
    expect(shared.keyFor(req('/en/myvela/', { cookie: 'vela_session=guest-a' }))).toBeNull();
    expect(cache.keyFor(req('/en/', { cookie: 'vela_session=guest-a' }))).toBeNull();
  });

  it('ignores the cookies only the scripts read', () => {
    expect(cache.keyFor(req('/en/', { cookie: 'vela_forced_avs=1; vela_status_bar=x' }))).toBe('/en/\n');
  });

  it('replaces the render nonce with the responding request nonce', () => {
    const page = {
      status: 200,
      headers: [],
      body: Buffer.from('<script nonce="AAA">x</script>'),
      nonce: 'AAA',
    };
    expect(bodyWithNonce(page, 'BBB').toString()).toBe('<script nonce="BBB">x</script>');
    const twice = { ...page, body: Buffer.from('AAA<a nonce="AAA">é</a>AAA') };
    expect(bodyWithNonce(twice, 'CCCC').toString()).toBe('CCCC<a nonce="CCCC">é</a>CCCC');
  });
});

describe('the gzip copy of a stored page', () => {
  /** A page as the cache keeps it, once its gzip copy is made (in the thread pool, after storing). */
  const stored = async (body: string, nonce: string) => {
    const page = (await new PageCache(5_000).get('k', async () => ({
      status: 200,
      headers: [],
      body: Buffer.from(body),
      nonce,
    })))!;
    expect(gzipWithNonce(page, nonce)).toBeNull();
    await vi.waitFor(() => expect(gzipWithNonce(page, nonce)).not.toBeNull());
    return page;
  };

  it('decompresses to the page with the responding request nonce, wherever the nonces are', async () => {
    const noise = randomBytes(40_000).toString('base64');
    const html = (n: string) =>
      `${n}<html><script nonce="${n}">${'x'.repeat(70_000)}</script>${n}${n}<p>é ${noise}</p>${n}`;
    const page = await stored(html('RENDERNONCE1'), 'RENDERNONCE1');
    for (const nonce of ['AbC/+0==1234', 'x'.repeat(12), 'RENDERNONCE1']) {
      const gzipped = gzipWithNonce(page, nonce);
      expect(gunzipSync(gzipped!).toString()).toBe(html(nonce));
      expect(gunzipSync(gzipped!).equals(bodyWithNonce(page, nonce))).toBe(true);
    }
    // The parts refer back across the nonces: a nonce of another length is compressed as usual.
    expect(gzipWithNonce(page, 'short')).toBeNull();
    const empty = await stored('', 'N');
    expect(gunzipSync(gzipWithNonce(empty, 'M')!).toString()).toBe('');
    // A page holding a NUL byte is compressed without references across its nonces.
    const nul = `a\u0000b<i nonce="N1">${'c'.repeat(1000)}</i>`;
    const withNul = await stored(nul, 'N1');
    expect(gunzipSync(gzipWithNonce(withNul, 'N2')!).toString()).toBe(nul.replaceAll('N1', 'N2'));
  });

  it('with many nonces (a modulepreload link each) is as small as gzip of the whole page', async () => {
    const head = Array.from(
      { length: 60 },
      (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="RENDERNONCE1"/>`,
    ).join('');
    const tiles = Array.from(
      { length: 2_000 },
      (_, i) => `<li><a href="/en/video/${i}/">Video ${i} – ${i % 7}</a></li>`,
    );
    const html = (n: string) =>
      `<html><head>${head.replaceAll('RENDERNONCE1', n)}</head><ul>${tiles.join('')}</ul>`;
    const page = await stored(html('RENDERNONCE1'), 'RENDERNONCE1');
    const gzipped = gzipWithNonce(page, 'OtherNonce==')!;
    expect(gunzipSync(gzipped).toString()).toBe(html('OtherNonce=='));
    // Each part refers back to all of the page before it: within 2 % of compressing the page at once,
    // plus what each answer adds per nonce (its stored block: 5 bytes of header and the nonce, and the
    // 4 bytes ending the part before it on a byte boundary).
    const perNonce = 5 + 'OtherNonce=='.length + 4;
    expect(gzipped.length).toBeLessThan(gzipSync(html('OtherNonce==')).length * 1.02 + 60 * perNonce);
  });

  it('is much smaller than the page, and only a stored page has one', async () => {
    const body = `<p nonce="N1">${'<li>video tile</li>'.repeat(5_000)}</p>`;
    expect(gzipWithNonce(await stored(body, 'N1'), 'N2')!.length).toBeLessThan(body.length / 20);
    expect(
      gzipWithNonce({ status: 200, headers: [], body: Buffer.from(body), nonce: 'N1' }, 'N2'),
    ).toBeNull();
  });

  it('is sent when Accept-Encoding takes gzip (q above 0, or *)', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('br, *;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('page cache expiry', () => {
  const page = (label: string) => ({ status: 200, headers: [], body: Buffer.from(label), nonce: 'N' });
  /** Waits past a TTL: the cache's expiry is time itself. */
  const pastMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms + 5));

  it('answers a stale page at once while one render replaces it in the background; twice the TTL ends it', async () => {
    const ttl = 40;
    const cache = new PageCache(ttl);
    const calls: boolean[] = [];
    let next = 'A';
    const render = async (background: boolean) => {
      calls.push(background);
      return page(next);
    };
    expect((await cache.get('k', render))?.body.toString()).toBe('A');
    expect((await cache.get('k', render))?.body.toString()).toBe('A');
    expect(calls).toEqual([false]);

    await pastMs(ttl);
    next = 'B';
    // Stale: answered at once, and exactly one background render for concurrent askers.
    const [first, second] = await Promise.all([cache.get('k', render), cache.get('k', render)]);
    expect([first?.body.toString(), second?.body.toString()]).toEqual(['A', 'A']);
    expect(calls).toEqual([false, true]);
    // The replacement is kept once rendered and its gzip copy made (the thread pool); no other render.
    await vi.waitFor(async () => expect((await cache.get('k', render))?.body.toString()).toBe('B'), {
      interval: 1,
    });
    expect(calls).toEqual([false, true]);

    await pastMs(2 * ttl);
    next = 'C';
    // Past twice the TTL nothing is kept: the request waits for its render.
    expect((await cache.get('k', render))?.body.toString()).toBe('C');
    expect(calls).toEqual([false, true, false]);
  });
});

describe('page cache on rendered pages', () => {
  let t: TestApp;
  let path: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { PAGE_CACHE_TTL_MS: '60000' } });
    const [category] = await queryRows<{ id: number; slug: string }>(
      t.database.db,
      sql`select id, slug_en as slug from categories order by id limit 1`,
    );
    path = `/en/categories/${category!.slug}/`;
    await t.app.inject({ method: 'GET', url: path });
    await t.database.db.execute(
      sql`update categories set name_en = 'Renamed Category' where id = ${category!.id}`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the same URL from the cache, with the nonce of each response', async () => {
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Renamed Category');
    const nonce = nonceOf(res.headers['content-security-policy']);
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('a browser taking gzip gets the kept gzip copy with its own nonce; the same page as uncompressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: path });
    const browser = () =>
      t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    // The kept copy is made once, after the page is stored; until then the pipeline compresses.
    await vi.waitFor(async () => expect((await browser()).headers['content-encoding']).toBe('gzip'));
    const zipped = await browser();
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    const html = gunzipSync(zipped.rawPayload).toString();
    const nonce = nonceOf(zipped.headers['content-security-policy'])!;
    const plainNonce = nonceOf(plain.headers['content-security-policy'])!;
    expect(nonce).not.toBe(plainNonce);
    expect(html).toBe(plain.body.replaceAll(plainNonce, nonce));
  });

  it('renders afresh for another cookie choice and for requests with other cookies', async () => {
    const consent = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: 'vela_consent=v1.f0.a0' },
    });
    expect(consent.body).toContain('Renamed Category');
    const session = await t.app.inject({ method: 'GET', url: path, headers: { cookie: 'session=abc' } });
    expect(session.body).toContain('Renamed Category');
  });
});
