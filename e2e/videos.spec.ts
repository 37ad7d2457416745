/**
 * Video listings in real Chromium against the demo data (issue 5 deliverable 3): /videos/ overview
 * to each listing page, changing the sort, infinite scroll (the sentinel loads the next page), "Load
 * more" by keyboard, the no-JS next-page link, the video stars page; in en and es; axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { decideConsent, expect, gotoReady, type Page, test } from './fixtures.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await decideConsent(context, baseURL, { adult: true });
});

const LANGS = ['en', 'es'] as const;
type Lang = (typeof LANGS)[number];

/** Expected texts and paths (kept literal: a test must not reuse the code). */
const TEXT = {
  overview: { en: '/en/videos/', es: '/es/videos/' },
  h1: { en: 'Videos', es: 'Vídeos' },
  listings: {
    en: [
      ['All videos', '/en/videos/all-videos/'],
      ['New videos', '/en/videos/new-videos/'],
      ['Video trends', '/en/videos/video-trends/'],
      ['Videos on sale', '/en/videos/on-sale/'],
      ['Free clips', '/en/videos/free-clips/'],
      ['VIP videos', '/en/videos/vip-videos/'],
    ] as [string, string][],
    es: [
      ['Todos los vídeos', '/es/videos/todos-los-videos/'],
      ['Vídeos nuevos', '/es/videos/videos-nuevos/'],
      ['Tendencias de vídeo', '/es/videos/tendencias/'],
      ['Vídeos en oferta', '/es/videos/ofertas/'],
      ['Clips gratis', '/es/videos/clips-gratis/'],
      ['Vídeos VIP', '/es/videos/vip-videos/'],
    ] as [string, string][],
  },
  sortLabel: { en: 'Sort by', es: 'Ordenar por' },
  loadMore: { en: 'Load more', es: 'Cargar más' },
  nextPage: { en: 'Next page', es: 'Página siguiente' },
  stars: { en: 'Video stars', es: 'Estrellas de vídeo' },
  starsPath: { en: '/en/videos/stars/', es: '/es/videos/estrellas/' },
  shown: { en: /60 videos shown/, es: /60 vídeos mostrados/ },
} satisfies Record<string, Record<Lang, unknown>>;

const tiles = (page: Page) => page.locator('#pagination .tile-grid > li');

for (const lang of LANGS) {
  test.describe(`video listings in ${lang}`, () => {
    test(`/${lang}/videos/ links to each listing page; each shows a video grid (spec 2)`, async ({
      page,
    }) => {
      const response = await gotoReady(page, TEXT.overview[lang]);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.h1[lang]);
      for (const [title, path] of TEXT.listings[lang]) {
        await gotoReady(page, TEXT.overview[lang]);
        await page
          .getByRole('heading', { level: 2, name: new RegExp(`^${title}`) })
          .getByRole('link')
          .click();
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(tiles(page).first()).toBeVisible();
      }
    });

    test(`changing the sort reloads the listing in that order (spec 9)`, async ({ page }) => {
      await gotoReady(page, TEXT.listings[lang][0]![1]);
      const select = page.getByLabel(TEXT.sortLabel[lang]);
      await expect(select).toHaveValue('topRated');
      const firstBefore = await tiles(page).first().textContent();
      await select.selectOption('longest');
      await page.waitForURL(/[?&]sort=longest/);
      await expect(select).toHaveValue('longest');
      await expect(tiles(page)).toHaveCount(30);
      await expect(tiles(page).first()).not.toHaveText(firstBefore ?? '');
      // Longest first: the first tile's duration badge is not shorter than the last one's.
      const durations = await page
        .locator('#pagination .badge--duration')
        .evaluateAll((badges) => badges.map((b) => b.textContent ?? ''));
      const seconds = (label: string) =>
        (label.match(/\d+/g) ?? []).map(Number).reduce((total, part) => total * 60 + part, 0);
      expect(seconds(durations[0]!)).toBeGreaterThanOrEqual(seconds(durations[durations.length - 1]!));
    });

    test(`scrolling to the end of the grid loads the next page (infinite scroll)`, async ({ page }) => {
      await gotoReady(page, TEXT.listings[lang][1]![1]);
      await expect(tiles(page)).toHaveCount(30);
      const next = page.waitForResponse((r) => r.url().includes('/rest/v1/tileGrid/get/videos/'));
      await page.locator('.video-grid__sentinel').scrollIntoViewIfNeeded();
      expect((await next).status()).toBe(200);
      await expect(tiles(page)).toHaveCount(60);
      await expect(page.locator('.video-grid__count')).toHaveText(TEXT.shown[lang]);
    });

    test(`"Load more" works by keyboard`, async ({ page }) => {
      // Without IntersectionObserver nothing loads on its own: only the button can load the next page.
      await page.addInitScript(() => {
        // biome-ignore lint/suspicious/noExplicitAny: removing a browser API for this test.
        delete (window as any).IntersectionObserver;
      });
      await gotoReady(page, TEXT.listings[lang][0]![1]);
      await expect(tiles(page)).toHaveCount(30);
      const button = page.getByRole('button', { name: TEXT.loadMore[lang] });
      await button.focus();
      const next = page.waitForResponse((r) => r.url().includes('/rest/v1/tileGrid/get/videos/'));
      await page.keyboard.press('Enter');
      expect((await next).status()).toBe(200);
      await expect(tiles(page)).toHaveCount(60);
      await expect(button).toBeFocused();
    });

    test(`without JavaScript the grid pages with a real next-page link`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      await decideConsent(context, baseURL, { adult: true });
      const page = await context.newPage();
      await page.goto(TEXT.listings[lang][1]![1]);
      await expect(tiles(page)).toHaveCount(30);
      const link = page.getByRole('link', { name: TEXT.nextPage[lang] });
      await expect(link).toHaveAttribute('href', /page=2/);
      await link.click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(tiles(page)).toHaveCount(30);
      await context.close();
    });

    test(`/${lang}/videos/stars/ lists the video stars, most videos first (spec 3/9)`, async ({ page }) => {
      await gotoReady(page, TEXT.overview[lang]);
      await page
        .getByRole('navigation', { name: TEXT.h1[lang], exact: true })
        .getByRole('link', { name: TEXT.stars[lang] })
        .click();
      await expect(page).toHaveURL(TEXT.starsPath[lang]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.stars[lang]);
      const cards = page.locator('a.video-star');
      await expect(cards.first()).toBeVisible();
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(100);
      const counts = await page
        .locator('.video-star__body > .video-star__meta:nth-child(3)')
        .evaluateAll((metas) =>
          metas.map((m) => Number((m.textContent ?? '').split('·')[1]?.match(/\d+/)?.[0])),
        );
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    });
  });
}

test('a failed page load shows an error with a retry (grid failure, spec 8)', async ({ page }) => {
  await page.addInitScript(() => {
    // biome-ignore lint/suspicious/noExplicitAny: removing a browser API for this test.
    delete (window as any).IntersectionObserver;
  });
  await gotoReady(page, '/en/videos/new-videos/');
  await expect(tiles(page)).toHaveCount(30);
  await page.route('**/rest/v1/tileGrid/get/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }),
  );
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('alert')).toContainText('The next videos could not be loaded.');
  await expect(page.locator('.video-grid')).toHaveAttribute('data-error-code', 'rest-error');
  await expect(tiles(page)).toHaveCount(30);
  await page.unroute('**/rest/v1/tileGrid/get/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(tiles(page)).toHaveCount(60);
});

test('screenshots of the overview and the video stars', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await gotoReady(page, '/en/videos/');
  await page.screenshot({ path: test.info().outputPath('videos-overview.png') });
  await gotoReady(page, '/en/videos/stars/');
  await page.screenshot({ path: test.info().outputPath('videos-stars.png') });
});

test('video pages have no serious accessibility violations (axe)', async ({ page }) => {
  for (const path of ['/en/videos/', '/en/videos/all-videos/', '/es/videos/estrellas/']) {
    await gotoReady(page, path);
    const results = await new AxeBuilder({ page }).include('#content').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  }
});

test('a listing screenshot', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await gotoReady(page, '/en/videos/on-sale/');
  await expect(tiles(page).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('videos-on-sale.png') });
});
