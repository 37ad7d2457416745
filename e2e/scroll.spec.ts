/**
 * Scroll rules of spec 2/4/9 in real Chromium: `scrollTo` on load, and after a partial-page navigation the
 * pagination anchor when the query has `page` (the full anchor order is unit-tested in
 * packages/domain/src/scroll-anchors.test.ts).
 */
import { expect, type Page, test } from '@playwright/test';
import { decideConsent, gotoReady } from './fixtures.ts';

const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

test.beforeEach(async ({ page, baseURL }) => {
  // A visitor who already decided on cookies: no banner in the way.
  await decideConsent(page.context(), baseURL);
  await page.setViewportSize({ width: 1024, height: 700 });
});

test('query parameter scrollTo scrolls to the element with that id on load', async ({ page }) => {
  await gotoReady(page, '/en/?scrollTo=tv');
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  await expect(page.locator('#tv')).toBeInViewport();
});

test('after a client-side navigation to ?page=2 the page scrolls to the pagination anchor', async ({
  page,
  request,
}) => {
  // Find a category with more than one page through the pages themselves.
  await page.goto('/en/');
  const hrefs = await page
    .locator('#categories a.tile')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  let paged: string | undefined;
  for (const href of hrefs) {
    const html = await (await request.get(href)).text();
    if (html.includes('?page=2')) {
      paged = href;
      break;
    }
  }
  expect(paged, 'a category with a second page').toBeDefined();

  await gotoReady(page, paged!);
  await page.evaluate('window.__velaSpa = true');
  const next = page.locator('nav.pagination a[href*="page=2"]').first();
  await next.scrollIntoViewIfNeeded();
  await next.click();
  await expect(page).toHaveURL(/\?page=2$/);
  // Partial navigation (no full load), and the listing's pagination anchor is brought to the top.
  expect(await page.evaluate('window.__velaSpa === true')).toBe(true);
  await expect
    .poll(async () =>
      page.locator('#pagination').evaluate((el) => Math.round(el.getBoundingClientRect().top)),
    )
    .toBeLessThan(120);
  await expect(page.locator('#pagination')).toBeInViewport();
});
