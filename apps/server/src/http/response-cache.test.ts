import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createResponseCache, negotiateEncoding, stableJson } from './response-cache.ts';

function appWith(cache: ReturnType<typeof createResponseCache>, load: (key: string) => Promise<unknown>) {
  const app = Fastify();
  app.get('/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    return cache.send(request, reply, key, () => load(key));
  });
  return app;
}

const big = (n: number) => ({ n, items: Array.from({ length: 200 }, (_, i) => ({ i, title: `item ${i}` })) });

describe('response cache: whole answers kept per key, serialized and compressed once', () => {
  it('loads once per key within the time to live, concurrent misses included; another key loads', async () => {
    let n = 0;
    const load = vi.fn(async () => big(++n));
    const app = appWith(createResponseCache({ ttlMs: 60_000, max: 10, maxBytes: 1_000_000 }), load);
    const [a, b] = await Promise.all([app.inject('/a'), app.inject('/a')]);
    expect(a.json()).toEqual(big(1));
    expect(b.json()).toEqual(big(1));
    expect((await app.inject('/a')).json().n).toBe(1);
    expect((await app.inject('/b')).json().n).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again after the time to live and after clear()', async () => {
    let time = 1_000;
    let n = 0;
    const cache = createResponseCache({
      ttlMs: 100,
      max: 10,
      maxBytes: 1_000_000,
      clock: { now: () => time },
    });
    const app = appWith(cache, async () => ({ n: ++n }));
    expect((await app.inject('/a')).json()).toEqual({ n: 1 });
    time = 1_099;
    expect((await app.inject('/a')).json()).toEqual({ n: 1 });
    time = 1_101;
    expect((await app.inject('/a')).json()).toEqual({ n: 2 });
    cache.clear();
    expect(cache.size).toBe(0);
    expect((await app.inject('/a')).json()).toEqual({ n: 3 });
  });

  it('keeps an answer no longer than the lifetime asked right after its load (the result it was made from)', async () => {
    let time = 1_000;
    let n = 0;
    const cache = createResponseCache({
      ttlMs: 1_000,
      max: 10,
      maxBytes: 1_000_000,
      clock: { now: () => time },
    });
    const app = Fastify();
    app.get('/a', (request, reply) =>
      cache.send(
        request,
        reply,
        'a',
        async () => ({ n: ++n }),
        () => 50,
      ),
    );
    expect((await app.inject('/a')).json()).toEqual({ n: 1 });
    time = 1_049;
    expect((await app.inject('/a')).json()).toEqual({ n: 1 });
    time = 1_051;
    expect((await app.inject('/a')).json()).toEqual({ n: 2 });
  });

  it('serveStaleMs: an expired answer is sent at once while one reload runs; past the bound the request waits', async () => {
    let time = 1_000;
    let n = 0;
    let release: (() => void) | null = null;
    const cache = createResponseCache({
      ttlMs: 100,
      serveStaleMs: 100,
      max: 10,
      maxBytes: 1_000_000,
      clock: { now: () => time },
    });
    const load = vi.fn(async () => {
      const mine = ++n;
      if (mine > 1) await new Promise<void>((resolve) => (release = resolve));
      return { n: mine };
    });
    const app = appWith(cache, load);
    expect((await app.inject('/a')).json()).toEqual({ n: 1 });
    time = 1_150; // expired, within the stale bound: the old answer now, one reload in the background
    expect((await app.inject('/a')).json()).toEqual({ n: 1 });
    expect((await app.inject('/a')).json()).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(2);
    (release as unknown as () => void)();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await app.inject('/a')).json()).toEqual({ n: 2 });
    time = 1_400; // 250 ms after the second load: past lifetime + bound, the request waits for a load
    const waiting = app.inject('/a');
    await new Promise((resolve) => setImmediate(resolve));
    (release as unknown as () => void)();
    expect((await waiting).json()).toEqual({ n: 3 });
  });

  it('does not keep a failed load: the error reaches the error handler and the next request loads again', async () => {
    let fail = true;
    const app = appWith(createResponseCache({ ttlMs: 60_000, max: 10, maxBytes: 1_000_000 }), async () => {
      if (fail) throw Object.assign(new Error('bad sort'), { statusCode: 400 });
      return { ok: true };
    });
    expect((await app.inject('/a')).statusCode).toBe(400);
    fail = false;
    expect((await app.inject('/a')).json()).toEqual({ ok: true });
  });

  it('answers br, gzip or identity by Accept-Encoding, the same JSON in each; small answers uncompressed', async () => {
    const app = appWith(createResponseCache({ ttlMs: 60_000, max: 10, maxBytes: 1_000_000 }), async (key) =>
      key === 'small' ? { small: true } : big(7),
    );
    const plain = await app.inject('/a');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await app.inject({ url: '/a', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(big(7));
    const gz = await app.inject({ url: '/a', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(big(7));
    const identity = await app.inject({ url: '/a', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ small: true });
  });

  it('keeps at most maxBytes of JSON: the least recently used answers go first', async () => {
    let n = 0;
    const cache = createResponseCache({ ttlMs: 60_000, max: 100, maxBytes: 12_000 });
    const app = appWith(cache, async () => big(++n));
    for (const key of ['a', 'b', 'c']) await app.inject(`/${key}`);
    // Each answer is about 5.6 KB of JSON: two fit, the oldest was dropped.
    expect(cache.size).toBe(2);
    expect((await app.inject('/c')).json().n).toBe(3);
    expect((await app.inject('/a')).json().n).toBe(4);
  });

  it('negotiateEncoding prefers br, then gzip, honours q=0, and is null without a header', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBeNull();
  });

  it('stableJson: equal objects with keys in another order give the same key', () => {
    expect(stableJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      stableJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(stableJson({ a: [1, 2] })).not.toBe(stableJson({ a: [2, 1] }));
  });
});
