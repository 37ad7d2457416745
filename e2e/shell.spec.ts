/**
 * Layout shell in real Chromium against the real server with demo data: navbar hide/show on
 * scroll, menus (exclusive, scroll lock, Escape, outside click, mobile), modal by id, cookie
 * consent and analytics gating, screenshots and axe checks. Data is discovered through the pages.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { CONSENT_COOKIE, decideConsent, gotoReady } from './fixtures.ts';

const TRACKER = '/rest/v1/tracker/track';
const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Expected texts from packages/i18n/src/messages/shell.ts (literal: a test must not reuse the code). */
const TEXT = {
  necessaryOnly: 'Necessary only',
  acceptAll: 'Accept all',
  saveSelection: 'Save selection',
  cookieSettings: 'Cookie settings',
  searchHint: 'Type at least 3 characters.',
  searchError: 'Search is not available right now. Please try again.',
  notificationsLoggedOut: 'Log in to see your notifications.',
  coinsTitle: 'Coins',
};

const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');
const navbar = (page: Page) => page.locator('[data-navbar]');
const panel = (page: Page, menu: string) => page.locator(`#menu-panel-${menu}`);
const toggle = (page: Page, menu: string) => page.locator(`#menu-toggle-${menu}`);

/** Opens a menu with the keyboard (works even while the navbar is scrolled away: focus shows it). */
async function openWithKeyboard(page: Page, menu: string): Promise<void> {
  await toggle(page, menu).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page, menu)).toBeVisible();
}

async function firstHref(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

test.describe('navbar (spec 2/4/9: hides on scroll down over 50 px, shows on scroll up)', () => {
  test.beforeEach(async ({ context, baseURL }) => decideConsent(context, baseURL));

  test('navbar hides after scrolling down more than 50 px and shows on scroll up', async ({ page }) => {
    await gotoReady(page, '/en/');
    await expect(navbar(page)).toHaveAttribute('data-navbar-hidden', 'false');
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(50);
    await expect(navbar(page)).toHaveAttribute('data-navbar-hidden', 'true');
    await page.mouse.wheel(0, -200);
    await expect(navbar(page)).toHaveAttribute('data-navbar-hidden', 'false');
    await expect(navbar(page)).toBeInViewport();
  });

  test('focusing a control of the hidden navbar shows it where it is: the page keeps its position', async ({
    page,
  }) => {
    await gotoReady(page, '/en/');
    await page.evaluate('window.scrollTo(0, 240)');
    await expect(navbar(page)).toHaveAttribute('data-navbar-hidden', 'true');
    await toggle(page, 'search').focus();
    await expect(navbar(page)).toBeInViewport();
    expect(await scrollY(page)).toBe(240);
    await page.keyboard.press('Shift+Tab');
    expect(await scrollY(page)).toBe(240);
  });

  test('the hidden state is stored per page and restored when coming back', async ({ page }) => {
    await gotoReady(page, '/en/');
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 700);
    await expect(navbar(page)).toHaveAttribute('data-navbar-hidden', 'true');
    // Client-side navigation without scrolling the link into view first.
    const href = await firstHref(page, '#categories a.tile');
    await page
      .locator(`a[href="${href}"]`)
      .first()
      .evaluate((a) => (a as HTMLElement).click());
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(navbar(page)).toHaveAttribute('data-navbar-hidden', 'false');
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(navbar(page)).toHaveAttribute('data-navbar-hidden', 'true');
  });
});

test.describe('menus (spec 2: one open at a time, body scroll disabled, Escape, outside click)', () => {
  test.beforeEach(async ({ context, baseURL }) => decideConsent(context, baseURL));

  test('opening my-account closes search; the page cannot scroll while a menu is open', async ({ page }) => {
    await gotoReady(page, '/en/');
    await page.evaluate('window.scrollTo(0, 240)');
    await expect.poll(() => scrollY(page)).toBe(240);

    await openWithKeyboard(page, 'search');
    await expect(toggle(page, 'search')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-scroll-locked', '');
    // Focusing the toggle of the scrolled-away navbar may reveal it; the lock keeps whatever position it found.
    const lockedY = await scrollY(page);
    expect(lockedY).toBeGreaterThan(100);

    await toggle(page, 'my-account').click();
    await expect(panel(page, 'my-account')).toBeVisible();
    await expect(panel(page, 'search')).toBeHidden();
    await expect(toggle(page, 'search')).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle(page, 'my-account')).toHaveAttribute('aria-expanded', 'true');
    await expect(navbar(page)).toHaveAttribute('data-navbar-hidden', 'false');

    await page.mouse.move(600, 600);
    await page.mouse.wheel(0, 800);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('End');
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    expect(await page.evaluate('getComputedStyle(document.documentElement).overflowY')).toBe('hidden');
    expect(await scrollY(page)).toBe(lockedY);

    await page.keyboard.press('Escape');
    await expect(panel(page, 'my-account')).toBeHidden();
    await expect(toggle(page, 'my-account')).toBeFocused();
    await expect(page.locator('html')).not.toHaveAttribute('data-scroll-locked', '');
    expect(await scrollY(page)).toBe(lockedY);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(lockedY);
  });

  test('a click outside closes the open menu', async ({ page }) => {
    await gotoReady(page, '/en/');
    await toggle(page, 'notifications').click();
    await expect(panel(page, 'notifications')).toContainText(TEXT.notificationsLoggedOut);
    await page.mouse.click(20, 500);
    await expect(panel(page, 'notifications')).toBeHidden();
    await expect(toggle(page, 'notifications')).toHaveAttribute('aria-expanded', 'false');
  });

  test('search menu: hint under 3 characters, results link to profiles', async ({ page }) => {
    await gotoReady(page, '/en/');
    const profile = await firstHref(page, '#top-cams a.tile');
    const slug = decodeURIComponent(profile.split('/').filter(Boolean).at(-1)!);
    await toggle(page, 'search').click();
    const input = panel(page, 'search').getByRole('searchbox');
    await expect(input).toBeFocused();
    await input.fill(slug.slice(0, 2));
    await expect(panel(page, 'search').getByRole('status')).toHaveText(TEXT.searchHint);
    const response = page.waitForResponse((r) => r.url().includes('/rest/v1/searchResult/search/en/'));
    await input.fill(slug);
    expect((await response).status()).toBe(200);
    const result = panel(page, 'search').locator(`a[href="${profile}"]`);
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(new RegExp(`${profile}$`));
    await expect(panel(page, 'search')).toBeHidden();
  });

  test('search menu ignores a response whose pattern is no longer the latest (spec 5)', async ({ page }) => {
    await gotoReady(page, '/en/');
    const held: { release?: () => Promise<void> } = {};
    await page.route('**/rest/v1/searchResult/search/en/**', async (route) => {
      const pattern = decodeURIComponent(route.request().url().split('/').at(-1)!);
      const body = (name: string) => ({
        success: true,
        data: {
          searchPattern: pattern,
          actors: {
            count: 1,
            link: '',
            type: 'actors',
            items: [
              {
                id: name.length,
                name,
                slug: name.toLowerCase(),
                age: 30,
                gender: 'F',
                actorType: 'F',
                isOnline: true,
                spokenLanguages: ['en'],
                avatar: { key: 'none', ageRating: 16, aspect: 1 },
                chatPrice: { value: 10, currency: 'VXC' },
              },
            ],
          },
        },
      });
      if (pattern === 'first') {
        held.release = () => route.fulfill({ json: body('StaleResult') });
        return;
      }
      await route.fulfill({ json: body('LatestResult') });
    });
    await toggle(page, 'search').click();
    const input = panel(page, 'search').getByRole('searchbox');
    const firstRequest = page.waitForRequest((r) => r.url().endsWith('/first'));
    await input.fill('first');
    await firstRequest;
    await input.fill('second');
    await expect(panel(page, 'search').getByText('LatestResult')).toBeVisible();
    // The stale request was aborted when the pattern changed; answering it anyway must not show it.
    await held.release?.().catch(() => undefined);
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))');
    await expect(panel(page, 'search').getByText('LatestResult')).toBeVisible();
    await expect(panel(page, 'search').getByText('StaleResult')).toHaveCount(0);
  });

  test('search menu shows the error state when the search fails', async ({ page }) => {
    await gotoReady(page, '/en/');
    await page.route('**/rest/v1/searchResult/search/**', (route) =>
      route.fulfill({ status: 500, json: { success: false, error: { code: 'X', message: 'x' } } }),
    );
    await toggle(page, 'search').click();
    await panel(page, 'search').getByRole('searchbox').fill('anything');
    await expect(panel(page, 'search').getByRole('status')).toHaveText(TEXT.searchError);
  });

  test('mobile menu at 375 px: primary navigation collapses into the navigation menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await gotoReady(page, '/en/');
    await expect(page.locator('.navbar__primary')).toBeHidden();
    await toggle(page, 'navigation').click();
    const nav = panel(page, 'navigation');
    await expect(nav).toBeVisible();
    await expect(nav.locator('a[href="/en/"]')).toBeVisible();
    expect(await nav.locator('a[href^="/en/categories/"]').count()).toBeGreaterThan(0);
    await expect(nav.locator('a[href="/en/terms-of-service/"]')).toBeVisible();
    const box = await nav.boundingBox();
    expect(box?.width).toBeGreaterThan(355);
    const href = await nav.locator('a[href^="/en/categories/"]').first().getAttribute('href');
    await nav.locator('a[href^="/en/categories/"]').first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(nav).toBeHidden();
    await expect(page.locator('html')).not.toHaveAttribute('data-scroll-locked', '');
  });
});

test.describe('modal by id (spec 2: not reopened if shown, Escape closes, focus returns)', () => {
  test.beforeEach(async ({ context, baseURL }) => decideConsent(context, baseURL));

  test('vxcoin-info opens once even if triggered twice, closes with Escape, focus returns', async ({
    page,
  }) => {
    await gotoReady(page, '/en/');
    const button = page.locator('.navbar [data-open-modal="vxcoin-info"]');
    await button.focus();
    await button.evaluate((b) => {
      (b as HTMLElement).click();
      (b as HTMLElement).click();
    });
    const dialog = page.getByRole('dialog', { name: TEXT.coinsTitle });
    await expect(dialog).toBeVisible();
    await expect(page.locator('[role="dialog"]')).toHaveCount(1);
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toContainText('4 coins');
    // Focus is trapped inside the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(d.ownerDocument.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.locator('[role="dialog"]')).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('vxcoin-info opens from the my-account menu and locks page scroll', async ({ page }) => {
    await gotoReady(page, '/en/');
    await toggle(page, 'my-account').click();
    await panel(page, 'my-account').locator('[data-open-modal="vxcoin-info"]').click();
    await expect(page.getByRole('dialog', { name: TEXT.coinsTitle })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await expect(page.locator('[role="dialog"]')).toHaveCount(0);
    await expect(panel(page, 'my-account')).toBeVisible();
  });
});

test.describe('cookie consent (spec 9: necessary, functional, analytics)', () => {
  test('banner on first visit; "necessary only" hides it and persists across reload', async ({
    page,
    context,
  }) => {
    const tracked: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes(TRACKER)) tracked.push(r);
    });
    await gotoReady(page, '/en/');
    const banner = page.locator('[data-cookie-banner]');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: TEXT.necessaryOnly }).click();
    await expect(banner).toHaveCount(0);

    const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
    expect(cookie?.value).toBe('v1.f0.a0');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    // The server knows the choice: the banner is not even in the server-rendered HTML.
    const html = await (await page.request.get('/en/')).text();
    expect(html).not.toContain('data-cookie-banner');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
    await expect(banner).toHaveCount(0);

    // Client-side navigation: still no tracking without analytics consent.
    const href = await firstHref(page, '#categories a.tile');
    await page.locator(`a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('h1')).toBeVisible();
    expect(tracked).toHaveLength(0);
  });

  test('no tracker request before analytics consent; accepting analytics sends one', async ({ page }) => {
    const tracked: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes(TRACKER)) tracked.push(r);
    });
    await gotoReady(page, '/en/');
    await expect(page.locator('[data-cookie-banner]')).toBeVisible();
    expect(tracked).toHaveLength(0);
    const request = page.waitForRequest((r) => r.url().includes(TRACKER) && r.method() === 'POST');
    await page.getByRole('button', { name: TEXT.acceptAll }).click();
    const body = (await request).postDataJSON() as {
      eventContext: string;
      eventAction: string;
      eventData: object;
    };
    expect(body).toMatchObject({
      eventContext: 'navigation',
      eventAction: 'pageView',
      eventData: { path: '/en/' },
    });
  });

  test('a page view is tracked per navigation once analytics is consented', async ({
    page,
    context,
    baseURL,
  }) => {
    await decideConsent(context, baseURL, { value: 'v1.f0.a1' });
    const first = page.waitForRequest((r) => r.url().includes(TRACKER));
    await gotoReady(page, '/en/');
    await first;
    const href = await firstHref(page, '#categories a.tile');
    const second = page.waitForRequest(
      (r) =>
        r.url().includes(TRACKER) &&
        (r.postDataJSON() as { eventData: { path: string } }).eventData.path === href,
    );
    await page.locator(`a[href="${href}"]`).first().click();
    await second;
  });

  test('cookie settings reopen the banner with the stored choice; saving a selection updates it', async ({
    page,
    context,
    baseURL,
  }) => {
    await decideConsent(context, baseURL, { value: 'v1.f1.a0' });
    await gotoReady(page, '/en/');
    await expect(page.locator('[data-cookie-banner]')).toHaveCount(0);
    const settings = page.locator('footer').getByRole('button', { name: TEXT.cookieSettings });
    await settings.click();
    const banner = page.locator('[data-cookie-banner]');
    await expect(banner).toBeFocused();
    await expect(banner.getByRole('checkbox', { name: /Functional/ })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: /Analytics/ })).not.toBeChecked();
    await expect(banner.getByRole('checkbox', { name: /Necessary/ })).toBeDisabled();
    await banner.getByRole('checkbox', { name: /Functional/ }).uncheck();
    await banner.getByRole('button', { name: TEXT.saveSelection }).click();
    await expect(banner).toHaveCount(0);
    await expect(settings).toBeFocused();
    expect((await context.cookies()).find((c) => c.name === CONSENT_COOKIE)?.value).toBe('v1.f0.a0');
  });

  test('the coins info modal sits above the cookie banner and is not covered by it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await gotoReady(page, '/en/');
    await expect(page.locator('[data-cookie-banner]')).toBeVisible();
    await toggle(page, 'my-account').click();
    await panel(page, 'my-account').locator('[data-open-modal="vxcoin-info"]').click();
    const dialog = page.getByRole('dialog', { name: TEXT.coinsTitle });
    await expect(dialog).toBeVisible();
    const covered = await dialog.evaluate((d) => {
      const r = d.getBoundingClientRect();
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 10, r.bottom - 10],
        [r.right - 10, r.bottom - 10],
      ] as const;
      return points.some(([x, y]) => !d.contains(d.ownerDocument.elementFromPoint(x, y)));
    });
    expect(covered).toBe(false);
  });
});

test.describe('screenshots and accessibility', () => {
  const FIXED: Record<string, string> = {
    home: '/en/',
    legal: '/en/terms-of-service/',
    notFound: '/en/no-such-page-e2e/',
  };

  async function pages(page: Page): Promise<Record<string, string>> {
    await page.goto('/en/');
    return {
      ...FIXED,
      category: await firstHref(page, '#categories a.tile'),
      profile: await firstHref(page, '#top-cams a.tile'),
    };
  }

  test('screenshots at 375, 1024 and 1440 px of home, a category and a profile', async ({
    page,
    context,
    baseURL,
  }) => {
    await decideConsent(context, baseURL);
    mkdirSync(SCREENSHOTS, { recursive: true });
    const urls = await pages(page);
    for (const width of [375, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const name of ['home', 'category', 'profile'] as const) {
        await gotoReady(page, urls[name]!);
        await page.screenshot({ path: `${SCREENSHOTS}${name}-${width}.png`, fullPage: false });
      }
    }
  });

  for (const name of ['home', 'category', 'profile', 'legal', 'notFound'] as const) {
    test(`axe: no serious or critical violations on ${name} with the banner shown and with a menu open`, async ({
      page,
    }) => {
      // Only the category and the profile need the home page to find their address.
      const url = FIXED[name] ?? (await pages(page))[name]!;
      await page.context().clearCookies();
      await gotoReady(page, url);
      await expect(page.locator('[data-cookie-banner]')).toBeVisible();
      const serious = async () =>
        (await new AxeBuilder({ page }).analyze()).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(await serious()).toEqual([]);
      await page.locator('[data-cookie-banner]').getByRole('button', { name: TEXT.necessaryOnly }).click();
      await toggle(page, 'my-account').click();
      await expect(panel(page, 'my-account')).toBeVisible();
      expect(await serious()).toEqual([]);
      await toggle(page, 'my-account').click();
      await toggle(page, 'navigation').click();
      await expect(panel(page, 'navigation')).toBeVisible();
      expect(await serious()).toEqual([]);
    });
  }
});
