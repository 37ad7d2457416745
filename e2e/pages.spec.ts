/**
 * Web pages in real Chromium against the real server with demo data: localized routes, home
 * timeline, client-side navigation with scroll restoration, language switcher, 404s, redirects,
 * legal texts and SEO alternates. Data is discovered through the pages themselves (no fixed ids).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { decideConsent, gotoReady } from './fixtures.ts';

const LANGS = ['de', 'en', 'nl', 'es'] as const;
type Lang = (typeof LANGS)[number];

/** Expected texts from packages/i18n/src/messages/pages.ts (kept literal: a test must not reuse the code). */
const TEXT = {
  topCams: { de: 'Top-Cams', en: 'Top cams', nl: 'Topcams', es: 'Top cams' },
  notFound: {
    de: 'Seite nicht gefunden',
    en: 'Page not found',
    nl: 'Pagina niet gevonden',
    es: 'Página no encontrada',
  },
  aboutMe: { de: 'Über mich', en: 'About me', nl: 'Over mij', es: 'Sobre mí' },
} satisfies Record<string, Record<Lang, string>>;

const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

/** The first actor profile path linked from a language's home. */
async function firstActorPath(page: Page, lang: Lang): Promise<string> {
  await page.goto(`/${lang}/`);
  const href = await page.locator('#top-cams a.tile').first().getAttribute('href');
  expect(href).toMatch(new RegExp(`^/${lang}/amateur/[^/]+/$`));
  return href!;
}

test.describe('home timeline in every language (spec 1/2: de, en, nl, es)', () => {
  for (const lang of LANGS) {
    test(`/${lang}/ renders the home in ${lang} with filled blocks`, async ({ page }) => {
      const response = await page.goto(`/${lang}/`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 2, name: TEXT.topCams[lang] })).toBeVisible();
      await expect(page.locator('#top-cams a.tile').first()).toBeVisible();
      expect(await page.locator('.home-block').count()).toBeGreaterThan(1);
      for (const block of await page.locator('.home-block').all()) {
        await expect(block.locator('.tile').first()).toBeVisible();
      }
    });
  }

  test('home blocks follow the spec order (top, trends, video station, new, contests, categories, blog, TV)', async ({
    page,
  }) => {
    await page.goto('/en/');
    const order = [
      'top-cams',
      'video-trends',
      'new-videos',
      'new-girls',
      'contests',
      'categories',
      'blog',
      'tv',
    ];
    const ids = await page.locator('.home-block').evaluateAll((els) => els.map((e) => e.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(order.filter((id) => ids.includes(id)));
  });

  test('tiles show online badges, ages and chat prices in coins per minute (spec 9)', async ({ page }) => {
    await page.goto('/en/');
    const tile = page.locator('#top-cams a.tile').first();
    await expect(tile.locator('.tile__meta')).toHaveText(/^\d+ years$/);
    await expect(tile.locator('.tile__price')).toHaveText(/^\d+ coins? per minute$/);
    await expect(page.locator('.tile img').first()).toHaveAttribute(
      'srcset',
      /w320.* 320w, .*w640.* 640w, .*w1280.* 1280w/,
    );
  });

  test('home, category, profile and legal pages have no serious accessibility violations', async ({
    page,
  }) => {
    await page.goto('/de/');
    const category = await page.locator('#categories a.tile').first().getAttribute('href');
    const actor = await page.locator('#top-cams a.tile').first().getAttribute('href');
    for (const path of ['/de/', category!, actor!, '/de/agb/', '/de/gibt-es-nicht/']) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).include('#content').analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path} ${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    }
  });
});

test.describe('navigation (spec 2: scroll position is restored when going back)', () => {
  test('home -> category -> profile by clicking, and back restores the category and its scroll', async ({
    page,
    baseURL,
  }) => {
    // A visitor who already decided on cookies (shell consent cookie): no banner covers the tiles.
    await decideConsent(page.context(), baseURL);
    await page.setViewportSize({ width: 800, height: 600 });
    await gotoReady(page, '/en/');
    // A marker on window survives only client-side navigations (no full page load).
    await page.evaluate('window.__velaSpa = true');

    await page.locator('#categories a.tile').first().click();
    await expect(page).toHaveURL(/\/en\/categories\/[^/]+\/$/);
    await expect(page.locator('#pagination .tile-grid a.tile').first()).toBeVisible();

    const tiles = page.locator('#pagination .tile-grid a.tile');
    const target = tiles.nth(Math.min(5, (await tiles.count()) - 1));
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    const categoryUrl = page.url();
    const before = await scrollY(page);
    const categoryTitle = await page.locator('h1').textContent();

    await target.click();
    await expect(page).toHaveURL(/\/en\/amateur\/[^/]+\/$/);
    await expect(page.getByRole('heading', { level: 2, name: TEXT.aboutMe.en })).toBeVisible();
    expect(await page.evaluate('window.__velaSpa === true')).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(categoryUrl);
    await expect(page.locator('h1')).toHaveText(categoryTitle ?? '');
    await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThan(5);
    expect(await page.evaluate('window.__velaSpa === true')).toBe(true);
  });
});

test.describe('language switcher (spec 2: the current language picks the route variant)', () => {
  test('switching language on a category page keeps the page with the translated slug', async ({ page }) => {
    await page.goto('/en/');
    const href = await page.locator('#categories a.tile').first().getAttribute('href');
    await gotoReady(page, href!);
    const deAlternate = await page.locator('link[rel="alternate"][hreflang="de"]').getAttribute('href');
    expect(deAlternate).toMatch(/\/de\/kategorien\/[^/]+\/$/);

    await page.locator('header a[hreflang="de"]').first().click();
    await expect(page).toHaveURL(new URL(deAlternate!).pathname);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('#pagination')).toBeVisible();
  });
});

test.describe('not found (unknown pages answer 404 in the page language)', () => {
  test('an unknown path renders the localized 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/nl/bestaat-niet/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.locator('h1')).toHaveText(TEXT.notFound.nl);
    await expect(page.locator('header a[hreflang="de"]').first()).toHaveAttribute('href', '/de/');
  });

  test('a route that is not built yet answers 404, not a placeholder', async ({ page }) => {
    // The daily deals page (spec 2 /daily-deals/, German /tagesangebote/) is not built yet.
    const response = await page.goto('/de/tagesangebote/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(TEXT.notFound.de);
  });

  test('a path outside any language renders the English 404', async ({ page }) => {
    const response = await page.goto('/fr/nothing/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveText(TEXT.notFound.en);
  });

  test('an unknown actor answers 404', async ({ page }) => {
    const response = await page.goto('/es/amateur/no-such-actor-e2e/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(TEXT.notFound.es);
  });

  test('an unknown category answers 404', async ({ page }) => {
    const response = await page.goto('/en/categories/no-such-category-e2e/');
    expect(response?.status()).toBe(404);
  });
});

test.describe('redirects (spec 5: actor name lower-cased in URLs; one URL per page)', () => {
  test('an upper-case actor name 301-redirects to the lower-cased path', async ({ page, request }) => {
    const path = await firstActorPath(page, 'en');
    const upper = path.replace(
      /\/amateur\/([^/]+)\//,
      (_m, name: string) => `/amateur/${name.toUpperCase()}/`,
    );
    const response = await request.get(upper, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(path);
    await page.goto(upper);
    await expect(page).toHaveURL(path);
  });

  test('a path without trailing slash 301-redirects to the slashed form', async ({ request }) => {
    const response = await request.get('/en/terms-of-service', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/en/terms-of-service/');
  });

  test('/ redirects (302) to the best Accept-Language match, German by default', async ({ request }) => {
    const nl = await request.get('/', {
      headers: { 'Accept-Language': 'fr;q=0.9, nl;q=0.8' },
      maxRedirects: 0,
    });
    expect(nl.status()).toBe(302);
    expect(nl.headers().location).toBe('/nl/');
    const none = await request.get('/', { headers: { 'Accept-Language': 'ja' }, maxRedirects: 0 });
    expect(none.headers().location).toBe('/de/');
  });
});

test.describe('legal texts (spec 3: legal text GTC / PP with version)', () => {
  test('terms of service show the legal text with its version', async ({ page }) => {
    const response = await page.goto('/en/terms-of-service/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('Terms of service');
    await expect(page.locator('.legal__version')).toHaveText(/^Version .+/);
    await expect(page.locator('.legal__body')).not.toBeEmpty();
    expect(await page.locator('.legal__body script').count()).toBe(0);
  });

  test('data protection shows the legal text in German', async ({ page }) => {
    const response = await page.goto('/de/datenschutz/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('Datenschutz');
    await expect(page.locator('.legal__body')).not.toBeEmpty();
  });
});

test.describe('SEO (hreflang alternates for de, en, nl, es and x-default)', () => {
  test('the actor profile lists absolute alternates, a canonical URL and Open Graph data', async ({
    page,
  }) => {
    const path = await firstActorPath(page, 'es');
    await page.goto(path);
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
    expect(alternates.map(([lang]) => lang)).toEqual(['de', 'en', 'nl', 'es', 'x-default']);
    for (const [, href] of alternates)
      expect(href).toMatch(/^https?:\/\/[^/]+\/(de|en|nl|es)\/amateur\/[^/]+\/$/);
    const byLang = Object.fromEntries(alternates);
    expect(byLang['x-default']).toBe(byLang.en);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', byLang.es!);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
    await expect(page).toHaveTitle(/.+/);
  });
});
