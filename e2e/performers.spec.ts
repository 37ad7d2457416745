/**
 * Performer lists in real Chromium against the demo data (issue 5 deliverable 1): /cams/ with the
 * cam filter, order and paging, the top cams tabs by keyboard, /new-girls/, /free-chat/ and
 * /cam-shows/, in en and es; axe on /cams/.
 */
import AxeBuilder from '@axe-core/playwright';
import { decideConsent, expect, gotoReady, test } from './fixtures.ts';

const LANGS = ['en', 'es'] as const;
type Lang = (typeof LANGS)[number];

/** Expected texts and paths (kept literal: a test must not reuse the code). */
const TEXT = {
  cams: { en: 'Live cams', es: 'Cámaras en vivo' },
  newGirls: { en: '/en/new-girls/', es: '/es/chicas-nuevas/' },
  freeChat: { en: '/en/free-chat/', es: '/es/chat-gratis/' },
  camShows: { en: '/en/cam-shows/', es: '/es/cam-shows/' },
  newGirlsTitle: { en: 'New girls', es: 'Chicas nuevas' },
  freeChatTitle: { en: 'Free chat', es: 'Chat gratis' },
  camShowsTitle: { en: 'Cam shows', es: 'Shows de cámara' },
  gender: { en: 'Gender', es: 'Género' },
  order: { en: 'Order', es: 'Orden' },
  top100: { en: 'Top 100', es: 'Top 100' },
  favorites: { en: 'Favorites', es: 'Favoritas' },
  bestChats: { en: 'Best chats', es: 'Mejores chats' },
  videocall: { en: 'Video call', es: 'Videollamada' },
  loginHint: {
    en: 'Log in to see your favorite performers.',
    es: 'Inicia sesión para ver tus modelos favoritas.',
  },
  tablist: { en: 'Top cams lists', es: 'Listas de top cams' },
} satisfies Record<string, Record<Lang, string>>;

// Consent already given (necessary only) and the Spanish age question answered: neither the
// cookie banner nor the es-avs modal covers the page.
test.beforeEach(async ({ context, baseURL }) => {
  await decideConsent(context, baseURL, { adult: true });
});

for (const lang of LANGS) {
  test.describe(`performer lists in ${lang}`, () => {
    test(`/${lang}/cams/: filter by gender, change the order, go to page 2 (spec 2)`, async ({ page }) => {
      const response = await gotoReady(page, `/${lang}/cams/`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.cams[lang]);
      const listing = page.locator('#pagination');
      await expect(listing.locator('a.tile').first()).toBeVisible();
      await expect(listing.locator('a.tile')).toHaveCount(30);
      // Online first: no online tile after an offline one on page 1.
      const online = await listing
        .locator('a.tile')
        .evaluateAll((tiles) => tiles.map((t) => t.querySelector('.badge--online') !== null));
      expect(online.indexOf(false) === -1 || online.slice(online.indexOf(false)).every((o) => !o)).toBe(true);

      const total = page.getByTestId('cams-total');
      const totalAll = await total.textContent();
      await page.getByLabel(TEXT.gender[lang]).selectOption('F');
      await page.waitForURL(/[?&]gender=F/);
      // Fewer performers once filtered (the demo data has every gender).
      await expect(total).not.toHaveText(totalAll ?? '');
      await expect(listing.locator('a.tile').first()).toBeVisible();
      const totalFemale = await total.textContent();

      await page.getByLabel(TEXT.order[lang]).selectOption('priceAsc');
      await page.waitForURL(/order=priceAsc/);
      expect(page.url()).toContain('gender=F');
      await expect(total).toHaveText(totalFemale ?? '');
      const firstOnPage1 = await listing.locator('a.tile').first().getAttribute('href');

      await listing.locator('.pagination a[rel="next"]').click();
      await page.waitForURL(/page=2/);
      expect(page.url()).toContain('gender=F');
      expect(page.url()).toContain('order=priceAsc');
      await expect(listing.locator('.pagination [aria-current="page"]')).toHaveText('2');
      await expect(listing.locator('a.tile').first()).toBeVisible();
      expect(await listing.locator('a.tile').first().getAttribute('href')).not.toBe(firstOnPage1);
    });

    test(`/${lang}/cams/: an unknown filter value is refused (400)`, async ({ page }) => {
      const response = await page.goto(`/${lang}/cams/?gender=X`);
      expect(response?.status()).toBe(400);
    });

    test(`/${lang}/cams/: top cams tabs work with the keyboard (ARIA tabs)`, async ({ page }) => {
      await gotoReady(page, `/${lang}/cams/`);
      const tablist = page.getByRole('tablist', { name: TEXT.tablist[lang] });
      const top100 = tablist.getByRole('tab', { name: TEXT.top100[lang] });
      await expect(top100).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel.locator('a.tile').first()).toBeVisible();

      await top100.focus();
      await page.keyboard.press('ArrowRight');
      const favorites = tablist.getByRole('tab', { name: TEXT.favorites[lang] });
      await expect(favorites).toBeFocused();
      await expect(favorites).toHaveAttribute('aria-selected', 'true');
      await expect(top100).toHaveAttribute('tabindex', '-1');
      // A visitor gets the login hint instead of favorites.
      await expect(panel.getByText(TEXT.loginHint[lang])).toBeVisible();

      await page.keyboard.press('ArrowRight');
      await expect(tablist.getByRole('tab', { name: TEXT.bestChats[lang] })).toBeFocused();
      await page.keyboard.press('ArrowRight');
      const videocall = tablist.getByRole('tab', { name: TEXT.videocall[lang] });
      await expect(videocall).toHaveAttribute('aria-selected', 'true');
      await expect(panel.locator('a.tile').first()).toBeVisible();
      await expect(panel.locator('.top-cams__total')).toContainText(/\d/);

      await page.keyboard.press('End');
      await expect(tablist.getByRole('tab').last()).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(top100).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(tablist.getByRole('tab').last()).toBeFocused();
      await page.keyboard.press('Home');
      await expect(top100).toHaveAttribute('aria-selected', 'true');
    });

    test(`/${lang}/ new girls, free chat and cam shows pages render with their lists`, async ({ page }) => {
      for (const [path, title] of [
        [TEXT.newGirls[lang], TEXT.newGirlsTitle[lang]],
        [TEXT.freeChat[lang], TEXT.freeChatTitle[lang]],
      ] as const) {
        const response = await gotoReady(page, path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.locator('#pagination a.tile').first()).toBeVisible();
      }
      const response = await gotoReady(page, TEXT.camShows[lang]);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.camShowsTitle[lang]);
      const shows = page.locator('.cam-show');
      const empty = page.locator('.empty-state');
      await expect(shows.first().or(empty)).toBeVisible();
      if ((await shows.count()) > 0) {
        await expect(shows.first().locator('time').first()).toHaveAttribute('datetime', /\d{4}-\d{2}-\d{2}T/);
        // Nothing listed has ended: every end is in the future.
        const ends = await shows
          .locator('time:nth-of-type(2)')
          .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
        for (const end of ends) expect(new Date(end).getTime()).toBeGreaterThan(Date.now() - 60_000);
      }
    });
  });
}

test('/en/cams/ has no axe violations and looks right', async ({ page }, testInfo) => {
  await gotoReady(page, '/en/cams/');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await page.getByLabel('Gender').selectOption('F');
  await page.waitForURL(/gender=F/);
  await page.screenshot({ path: testInfo.outputPath('cams.png'), fullPage: true });
});
