import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebBuildLocation, sendWebResponse, toWebRequest } from '../src/http/ssr.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('SSR adapter', () => {
  it('passes status, every header and each Set-Cookie separately, and streams the body', async () => {
    const app = Fastify();
    let pulls = 0;
    app.get('/page', async (_request, reply) => {
      const encoder = new TextEncoder();
      const parts = ['<!doctype html><html lang="en">', '<body>streamed', '</body></html>'];
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const part = parts[pulls++];
          if (part === undefined) controller.close();
          else controller.enqueue(encoder.encode(part));
        },
      });
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-page': 'home' });
      headers.append('set-cookie', 'a=1; Path=/; HttpOnly');
      headers.append('set-cookie', 'b=2; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT');
      return sendWebResponse(reply, new Response(body, { status: 201, headers }));
    });
    const res = await app.inject({ method: 'GET', url: '/page' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-page']).toBe('home');
    expect(res.headers['set-cookie']).toEqual([
      'a=1; Path=/; HttpOnly',
      'b=2; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
    ]);
    expect(res.body).toBe('<!doctype html><html lang="en"><body>streamed</body></html>');
    // Sent as a stream (chunked), not as one buffered body with a length.
    expect(res.headers['content-length']).toBeUndefined();
    expect(pulls).toBe(4);
    await app.close();
  });

  it('sends a null body as an empty response (redirects)', async () => {
    const app = Fastify();
    app.get('/old', async (_request, reply) =>
      sendWebResponse(reply, new Response(null, { status: 301, headers: { location: '/en/' } })),
    );
    const res = await app.inject({ method: 'GET', url: '/old' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/en/');
    expect(res.body).toBe('');
    await app.close();
  });

  it('answers HEAD with the headers only, without rendering the body', async () => {
    const app = Fastify();
    let cancelled = false;
    app.get('/page', async (_request, reply) => {
      const body = new ReadableStream<Uint8Array>({
        cancel() {
          cancelled = true;
        },
      });
      return sendWebResponse(reply, new Response(body, { headers: { 'content-type': 'text/html' } }));
    });
    const res = await app.inject({ method: 'HEAD', url: '/page' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.body).toBe('');
    expect(cancelled).toBe(true);
    await app.close();
  });

  it('builds a Web Request with the full URL and repeated headers', async () => {
    const app = Fastify();
    let seen: Request | undefined;
    app.get('/*', async (request) => {
      seen = toWebRequest(request, new AbortController().signal);
      return 'ok';
    });
    await app.inject({
      method: 'GET',
      url: '/de/suche/videos/abc/?page=2',
      headers: { host: 'vela.test:3000', 'accept-language': 'de' },
    });
    expect(seen?.url).toBe('http://vela.test:3000/de/suche/videos/abc/?page=2');
    expect(seen?.method).toBe('GET');
    expect(seen?.headers.get('accept-language')).toBe('de');
    await app.close();

    // Node hands repeated headers over as an array for some names; every value is kept. (The injector
    // joins arrays itself, so the adapter is given such a request directly.)
    const repeated = toWebRequest(
      {
        url: '/en/',
        method: 'GET',
        protocol: 'http',
        host: 'vela.test',
        headers: { 'x-multi': ['1', '2'] },
      } as unknown as FastifyRequest,
      new AbortController().signal,
    );
    expect(repeated.headers.get('x-multi')).toBe('1, 2');
  });
});

/**
 * These need the real web build (`npm run build`; the test command builds first). They fail, not
 * skip, when it is missing.
 */
describe('server-rendered pages (apps/web build)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the web build exists (run npm run build)', () => {
    expect(
      existsSync(defaultWebBuildLocation().serverBuildFile),
      'apps/web/build is missing: run npm run build',
    ).toBe(true);
  });

  it('GET /en/ renders the English home page as HTML with the CSP nonce on its inline scripts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/en/',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="en"');
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    const inlineScripts = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('every module script of a page is integrity-checked: the import map lists a SHA-384 per script and it matches the file', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/en/',
      headers: { 'accept-encoding': 'identity' },
    });
    const map = /<script[^>]*type="importmap"[^>]*>([^<]+)<\/script>/.exec(res.body)?.[1];
    expect(map, 'an import map with integrity').toBeDefined();
    const integrity = (JSON.parse(map ?? '{}') as { integrity?: Record<string, string> }).integrity ?? {};
    const scripts = [...res.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    const clientDir = defaultWebBuildLocation().clientDir;
    for (const src of new Set(scripts)) {
      expect(integrity[src], `integrity of ${src}`).toMatch(/^sha384-/);
      const digest = createHash('sha384')
        .update(readFileSync(path.join(clientDir, src)))
        .digest('base64');
      expect(integrity[src]).toBe(`sha384-${digest}`);
    }
  });

  it('GET /de/ renders the German home page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/de/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de"');
  });

  it('an unknown path is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/en/no-such-page-anywhere/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
