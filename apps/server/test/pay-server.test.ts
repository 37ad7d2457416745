import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPayApp, injectPayConfig, PAY_BUILD_MISSING_HINT } from '../src/pay-server.ts';
import { PUBLIC_ORIGIN, tempDir, testConfig } from './helpers.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Payment</title></head><body><div id="pay"></div></body></html>';

describe('pay origin', () => {
  let app: FastifyInstance;
  let dist: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    dist = await tempDir('paydist');
    await mkdir(path.join(dist.dir, 'assets'), { recursive: true });
    await writeFile(path.join(dist.dir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(dist.dir, 'assets', 'index-Xy12.js'), 'console.log("pay");\n');
    app = await buildPayApp({ config: testConfig(), distDir: dist.dir });
  });
  afterAll(async () => {
    await app?.close();
    await dist?.remove();
  });

  it('may be framed by PUBLIC_ORIGIN only: CSP frame-ancestors, and no X-Frame-Options', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${PUBLIC_ORIGIN};`);
    expect(csp).not.toMatch(/frame-ancestors[^;]*'self'/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the dialog for any page path (single-page app fallback to index.html)', async () => {
    for (const url of ['/', '/moneycharge/payment', '/vipabo?lang=de']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(
        injectPayConfig(INDEX_HTML, { publicOrigin: PUBLIC_ORIGIN, brandName: 'Vela', loginEnabled: true }),
      );
    }
  });

  it('injects the public origin (the only origin the dialog talks to), brand and login switch into index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/?id=d1&flow=login&lang=de' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(`<meta name="vela-public-origin" content="${PUBLIC_ORIGIN}">`);
    expect(head).toContain('<meta name="vela-brand-name" content="Vela">');
    expect(head).toContain('<meta name="vela-login-enabled" content="true">');
    // The CSP that the injected origin must match: the dialog may call the API there.
    expect(String(res.headers['content-security-policy'])).toContain(`connect-src 'self' ${PUBLIC_ORIGIN}`);
  });

  it('says login is disabled when LOGIN_ENABLED is off, and escapes what it injects', async () => {
    const off = await buildPayApp({
      config: testConfig({ LOGIN_ENABLED: 'false' }, { brandName: 'A"B <C> & D' }),
      distDir: dist.dir,
    });
    try {
      const res = await off.inject({ method: 'GET', url: '/' });
      expect(res.body).toContain('<meta name="vela-login-enabled" content="false">');
      expect(res.body).toContain('<meta name="vela-brand-name" content="A&quot;B &lt;C&gt; &amp; D">');
    } finally {
      await off.close();
    }
  });

  it('serves hashed assets as immutable and a missing asset as 404, not the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Xy12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/none.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('has its own /alive and request ids', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/alive',
      headers: { 'x-request-id': 'pay-check-0001' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { alive: true } });
    expect(res.headers['x-request-id']).toBe('pay-check-0001');
  });

  it('answers 503 with a hint when the dialog is not built', async () => {
    const empty = await tempDir('paymissing');
    const bare = await buildPayApp({ config: testConfig(), distDir: empty.dir });
    try {
      const res = await bare.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe(`${PAY_BUILD_MISSING_HINT}\n`);
    } finally {
      await bare.close();
      await empty.remove();
    }
  });
});
