/**
 * The build's hashed browser files go out as the build compressed them (apps/web/precompress.ts:
 * brotli quality 11 and gzip next to each file), chosen by the request's Accept-Encoding, with
 * `Vary: Accept-Encoding` so that a cache keeps the encodings apart (issue 15, first load on a phone).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SCRIPT = `export const answer = ${JSON.stringify('a module '.repeat(400))};\n`;

describe('precompressed browser files', () => {
  let t: TestApp;
  let build: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    build = await tempDir('precompressed-build');
    const assets = path.join(build.dir, 'client', 'assets');
    await mkdir(assets, { recursive: true });
    await writeFile(path.join(assets, 'page-abc123.js'), SCRIPT);
    await writeFile(path.join(assets, 'page-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
    await writeFile(path.join(assets, 'page-abc123.js.gz'), zlib.gzipSync(SCRIPT));
    t = await createTestApp({
      webBuild: {
        serverBuildFile: path.join(build.dir, 'none.js'),
        clientDir: path.join(build.dir, 'client'),
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await build?.remove();
  });

  it('a browser that accepts brotli gets the brotli copy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip only: the gzip copy; no encoding: the file itself', async () => {
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});
