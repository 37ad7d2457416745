/**
 * Issue 14: opening http://127.0.0.1:3000/ instead of http://localhost:3000/ broke the payment
 * dialog (its frame-ancestors names PUBLIC_ORIGIN only). Browsers that come by a loopback alias of
 * a loopback origin are sent to the origin itself; API calls and public origins are left alone.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import {
  allowedPageOrigins,
  canonicalRedirectTarget,
  isLoopbackHostname,
} from '../src/http/canonical-host.ts';
import { registerPageSecurity } from '../src/http/security.ts';
import { buildPayApp } from '../src/pay-server.ts';
import { tempDir } from './helpers.ts';

const NAVIGATE = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' };

/** GET `url` at `host` as a browser opening a page (or with the given request headers). */
function get(app: FastifyInstance, host: string, url: string, headers: Record<string, string> = NAVIGATE) {
  return app.inject({ method: 'GET', url, headers: { host, ...headers } });
}

/** The defaults of `npm start` with no environment: PUBLIC_ORIGIN http://localhost:3000, PAY_ORIGIN :3001. */
const defaults = parseConfig({ LOG_LEVEL: 'silent', PORT: '3000', PAY_PORT: '3001' });

describe('loopback names', () => {
  it.each(['localhost', 'LOCALHOST', 'vela.localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'localhost.'])(
    '%s is loopback',
    (host) => expect(isLoopbackHostname(host)).toBe(true),
  );
  it.each(['example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com', '[::2]'])('%s is not', (host) =>
    expect(isLoopbackHostname(host)).toBe(false),
  );

  it('a loopback alias on the same port goes to the canonical origin, path and query kept', () => {
    expect(canonicalRedirectTarget('http://localhost:3000', '127.0.0.1:3000', '/en/?a=1')).toBe(
      'http://localhost:3000/en/?a=1',
    );
    expect(canonicalRedirectTarget('http://localhost:3000', '[::1]:3000', '/')).toBe(
      'http://localhost:3000/',
    );
    expect(canonicalRedirectTarget('http://127.0.0.1:3000', 'localhost:3000', '/de/')).toBe(
      'http://127.0.0.1:3000/de/',
    );
  });

  it('the canonical host itself, another port, a public name or a public origin are not redirected', () => {
    expect(canonicalRedirectTarget('http://localhost:3000', 'localhost:3000', '/')).toBeNull();
    expect(canonicalRedirectTarget('http://localhost:3000', 'LOCALHOST:3000', '/')).toBeNull();
    expect(canonicalRedirectTarget('http://localhost:3000', '127.0.0.1:8080', '/')).toBeNull();
    expect(canonicalRedirectTarget('http://localhost:3000', 'vela.example:3000', '/')).toBeNull();
    expect(canonicalRedirectTarget('https://vela.example', '127.0.0.1', '/')).toBeNull();
    expect(canonicalRedirectTarget('http://localhost:3000', 'bad host!', '/')).toBeNull();
  });

  it('a path that looks like another host stays on the canonical origin', () => {
    expect(canonicalRedirectTarget('http://localhost:3000', '127.0.0.1:3000', '//evil.example/x')).toBe(
      'http://localhost:3000//evil.example/x',
    );
  });

  it('the allowed page origins are PUBLIC_ORIGIN and PAY_ORIGIN, nothing else', () => {
    expect(allowedPageOrigins(defaults)).toEqual(['http://localhost:3000', 'http://localhost:3001']);
  });
});

describe('page origin with the default configuration', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerPageSecurity(app, defaults);
    app.get('/*', async () => 'page');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a browser opening http://127.0.0.1:3000/en/ is sent to http://localhost:3000/en/ (307, not cached)', async () => {
    const res = await get(app, '127.0.0.1:3000', '/en/?x=1');
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('http://localhost:3000/en/?x=1');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a page without Sec-Fetch headers that asks for HTML is redirected too; [::1] as well', async () => {
    const res = await get(app, '[::1]:3000', '/', { accept: 'text/html' });
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('http://localhost:3000/');
  });

  it('at the canonical host the page is served, its CSP frames the pay origin', async () => {
    const res = await get(app, 'localhost:3000', '/en/');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toContain('frame-src http://localhost:3001');
  });

  it('API calls, fetches and POSTs on 127.0.0.1 are answered as before (health checks, scripts)', async () => {
    const alive = await get(app, '127.0.0.1:3000', '/rest/v1/alive', {});
    expect(alive.statusCode).toBe(200);
    const fetched = await get(app, '127.0.0.1:3000', '/rest/v1/x', {
      'sec-fetch-mode': 'cors',
      accept: 'text/html',
    });
    expect(fetched.statusCode).toBe(200);
    const posted = await app.inject({
      method: 'POST',
      url: '/x',
      headers: { host: '127.0.0.1:3000', ...NAVIGATE },
    });
    expect(posted.statusCode).toBe(404);
  });
});

describe('pay origin with the default configuration', () => {
  let app: FastifyInstance;
  let dist: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dist = await tempDir('paydist-canonical');
    await mkdir(path.join(dist.dir, 'assets'), { recursive: true });
    await writeFile(
      path.join(dist.dir, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    app = await buildPayApp({ config: defaults, distDir: dist.dir });
  });
  afterAll(async () => {
    await app?.close();
    await dist?.remove();
  });

  it('the dialog opened at 127.0.0.1:3001 goes to localhost:3001; framed at localhost it is served for localhost:3000', async () => {
    const alias = await get(app, '127.0.0.1:3001', '/login');
    expect(alias.statusCode).toBe(307);
    expect(alias.headers.location).toBe('http://localhost:3001/login');
    const framed = await get(app, 'localhost:3001', '/login', {
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'iframe',
    });
    expect(framed.statusCode).toBe(200);
    expect(String(framed.headers['content-security-policy'])).toContain(
      'frame-ancestors http://localhost:3000',
    );
  });
});

describe('a public PUBLIC_ORIGIN', () => {
  it('is never the target of a loopback redirect (a health check on 127.0.0.1 of a node is served)', async () => {
    const app = Fastify();
    await registerPageSecurity(app, {
      publicOrigin: 'https://vela.example',
      payOrigin: 'https://pay.vela.example',
    });
    app.get('/*', async () => 'page');
    const res = await get(app, '127.0.0.1', '/');
    expect(res.statusCode).toBe(200);
    await app.close();
  });
});
