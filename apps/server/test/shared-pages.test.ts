/**
 * Pages shared by every guest (decision 0033) on the real web build and a real database: home, a
 * profile, the videos overview, a category and the cams page are rendered once per URL, cookie
 * choice, country and session-cookie presence. The HTML a logged-in guest's request caused holds
 * nothing of that guest; another guest and a visitor get the same page; each guest reads only their
 * own part (guest/me, the tile grid's bought videos); the HTML alone (no JavaScript) shows the public
 * content. Personal pages stay per guest.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { pathFor } from '@vela/i18n/routes';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoriesOf, ownVideo } from './factories.ts';
import type { SignedUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let guestA: SignedUp & { name: string };
let guestB: SignedUp & { name: string };
let profilePath: string;
let categoryPath: string;
const SHARED = () => ({
  home: '/en/',
  profile: profilePath,
  videos: '/en/videos/',
  category: categoryPath,
  cams: pathFor('Cams', 'en'),
});

const nonceOf = (res: LightMyRequestResponse) =>
  /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
/** The body with this response's CSP nonce blanked: cached pages differ in the nonce only. */
const withoutNonce = (res: LightMyRequestResponse) => res.body.replaceAll(nonceOf(res), 'NONCE');
/** The link targets inside `<main>`: the page's public content as a browser without JavaScript follows it. */
const mainLinks = (html: string) => {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return new Set([...main.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]));
};

function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

function boughtAmong(guest: SignedUp | null, ids: number[]) {
  const payload = encodeURIComponent(
    JSON.stringify({ category: 'boughtVideos', filter: { ids }, limit: ids.length }),
  );
  return get(`/rest/v1/tileGrid/get/videos/${payload}`, guest?.cookie);
}

beforeAll(async () => {
  t = await createTestApp({ env: { PAGE_CACHE_TTL_MS: '60000' } });
  const f = factoriesOf(t, { net: '10.43' });
  const nameA = f.unique('Amarante');
  const nameB = f.unique('Berenike');
  guestA = { ...(await f.buildGuest({ name: nameA, balanceCents: 12_345 })), name: nameA };
  guestB = { ...(await f.buildGuest({ name: nameB, balanceCents: 2_000 })), name: nameB };
  const [actor] = await queryRows<{ slug: string }>(
    t.database.db,
    sql`select name_lower as slug from actors order by id limit 1`,
  );
  profilePath = pathFor('Actor', 'en', { actorName: actor!.slug });
  const [category] = await queryRows<{ slug: string }>(
    t.database.db,
    sql`select slug_en as slug from categories order by id limit 1`,
  );
  categoryPath = pathFor('Categories/Category', 'en', { categorySlug: category!.slug });
});
afterAll(async () => {
  await t?.close();
});

describe('pages shared by every guest (decision 0033)', () => {
  it("the HTML a guest's request caused holds nothing of that guest; another guest gets the same bytes", async () => {
    for (const [page, url] of Object.entries(SHARED())) {
      const a = await get(url, guestA.cookie);
      expect(a.statusCode, page).toBe(200);
      for (const datum of [guestA.name, guestA.guest.email, 'data-navbar-balance', 'account-menu__name'])
        expect(a.body, `${page}: ${datum}`).not.toContain(datum);
      // The account area is a neutral placeholder, neither a visitor's buttons nor a guest's balance.
      expect(a.body, page).toContain('data-navbar-account="pending"');
      expect(a.body, page).not.toContain('data-navbar-account="visitor"');
      // Rendered without the viewer, the page may be kept by any cache; nothing marks it private.
      expect(a.headers['cache-control'], page).not.toBe('private, no-store');

      const b = await get(url, guestB.cookie);
      expect(b.statusCode, page).toBe(200);
      expect(withoutNonce(b), page).toBe(withoutNonce(a));
      expect(nonceOf(b), page).not.toBe(nonceOf(a));
      expect(b.body, page).not.toContain(guestB.name);
    }
  });

  it("one render serves every guest's request: the page cache answers the second guest", async () => {
    const [category] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from categories where slug_en = ${categoryPath.split('/').at(-2)!}`,
    );
    const url = `${categoryPath}?page=1`;
    expect((await get(url, guestA.cookie)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update categories set name_en = 'Renamed For Guests' where id = ${category!.id}`,
    );
    try {
      expect((await get(url, guestB.cookie)).body).not.toContain('Renamed For Guests');
      // A visitor without a session has a key of their own: rendered afresh.
      expect((await get(url)).body).toContain('Renamed For Guests');
    } finally {
      await t.database.db.execute(sql`update categories set name_en = 'Restored' where id = ${category!.id}`);
    }
  });

  it('a visitor gets the page without the placeholder and nothing of the guests', async () => {
    for (const [page, url] of Object.entries(SHARED())) {
      await get(url, guestA.cookie);
      const visitor = await get(url);
      expect(visitor.statusCode, page).toBe(200);
      expect(visitor.body, page).toContain('data-navbar-account="visitor"');
      expect(visitor.body, page).not.toContain('data-navbar-account="pending"');
      for (const datum of [guestA.name, guestB.name, guestA.guest.email])
        expect(visitor.body, `${page}: ${datum}`).not.toContain(datum);
    }
  });

  it("two guests each read their own viewer, never the other's", async () => {
    const a = await get('/rest/v1/guest/me', guestA.cookie);
    const b = await get('/rest/v1/guest/me', guestB.cookie);
    expect(a.json().data.guest).toMatchObject({ name: guestA.name, balanceCents: 12_345 });
    expect(b.json().data.guest).toMatchObject({ name: guestB.name, balanceCents: 2_000 });
    expect(a.body).not.toContain(guestB.name);
    expect(b.body).not.toContain(guestA.name);
    expect((await get('/rest/v1/guest/me')).statusCode).toBe(401);
  });

  it("a guest's bought video is flagged by the tile grid for that guest only, never in the shared overview", async () => {
    const tileIds = (
      await queryRows<{ id: number }>(t.database.db, sql`select id from videos order by id desc limit 5`)
    ).map((r) => r.id);
    const videoId = tileIds[0]!;
    await ownVideo(t, guestA, videoId);

    const forA = await boughtAmong(guestA, tileIds);
    expect(forA.statusCode, forA.body).toBe(200);
    expect(forA.json().data.items.map((i: { id: number }) => i.id)).toEqual([videoId]);
    const forB = await boughtAmong(guestB, tileIds);
    expect(forB.json().data.items).toEqual([]);
    expect((await boughtAmong(null, tileIds)).statusCode).toBe(401);

    const overview = await get('/en/videos/', guestA.cookie);
    expect(overview.body).not.toContain('video-list-tile__bought');
    // The bought block is a placeholder the page fills for a guest (and drops for a visitor).
    expect(overview.body).toContain('data-bought-pending');
  });

  it('without JavaScript the shared HTML shows the public content a visitor gets', async () => {
    for (const [page, url] of Object.entries(SHARED())) {
      const visitor = mainLinks((await get(url)).body);
      const guest = mainLinks((await get(url, guestA.cookie)).body);
      expect(visitor.size, page).toBeGreaterThan(0);
      for (const link of visitor) expect(guest.has(link), `${page}: ${link}`).toBe(true);
    }
    const profile = await get(profilePath, guestA.cookie);
    expect(profile.body).toMatch(/<h1[^>]*>[^<]+/);
  });

  it('a personal page stays rendered for its guest alone and is never stored', async () => {
    const url = pathFor('MyVela', 'en');
    const a = await get(url, guestA.cookie);
    expect(a.statusCode).toBe(200);
    expect(a.body).toContain(guestA.name);
    expect(a.headers['cache-control']).toBe('private, no-store');
    const b = await get(url, guestB.cookie);
    expect(b.body).toContain(guestB.name);
    expect(b.body).not.toContain(guestA.name);
  });
});
