import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerPageSecurity } from '../src/http/security.ts';

async function cspWith(mapTileUrl?: string): Promise<string> {
  const app = Fastify();
  await registerPageSecurity(app, {
    publicOrigin: 'http://localhost:3000',
    payOrigin: 'http://localhost:3001',
    mapTileUrl,
  });
  app.get('/', async () => 'ok');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return String(res.headers['content-security-policy']);
}

describe('pro search map tiles and the page CSP (MAP_TILE_URL)', () => {
  it('without a tile URL images come from the page origin only', async () => {
    expect(await cspWith()).toContain("img-src 'self' data:;");
  });

  it("with a tile URL its origin (not the template's path) may serve images", async () => {
    const csp = await cspWith('https://tiles.example.com:8443/osm/{z}/{x}/{y}.png');
    expect(csp).toContain("img-src 'self' data: https://tiles.example.com:8443;");
    expect(csp).toContain("connect-src 'self';");
  });
});
