/**
 * Global search in the browser (issue 5 deliverable 5, spec 2/5/9), in en and es: the overlay
 * opens by keyboard, refuses patterns under 3 characters without asking the server, shows grouped
 * results for a real performer name, arrow keys and Escape work, Enter opens the search page with
 * its groups; recent searches appear only with functional cookie consent; axe finds nothing serious.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { decideConsent, expect, gotoReady, test } from './fixtures.ts';

const SHOTS = process.env.SEARCH_SCREENSHOTS ?? '/tmp/pw-search';

const TEXT = {
  en: {
    hint: 'Type at least 3 characters.',
    tooShort: 'Please search with at least 3 characters: “ab” is too short.',
    recent: 'Recent searches',
    searchPath: '/en/search/videos/',
    empty: 'Nothing found for “qqqzzzxxx”. Check the spelling or try another word.',
  },
  es: {
    hint: 'Escribe al menos 3 caracteres.',
    tooShort: 'Busca con al menos 3 caracteres: «ab» es demasiado corto.',
    recent: 'Búsquedas recientes',
    searchPath: '/es/buscar/videos/',
    empty: 'No se ha encontrado nada para «qqqzzzxxx». Revisa la ortografía o prueba otra palabra.',
  },
} as const;

const panel = (page: Page) => page.locator('#menu-panel-search');
const toggle = (page: Page) => page.locator('#menu-toggle-search');

async function openByKeyboard(page: Page) {
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('searchbox')).toBeFocused();
}

/** A real performer from the home page's top cams: its profile path and its name (lower-cased slug). */
async function realActor(page: Page): Promise<{ profile: string; name: string }> {
  const profile = await page.locator('#top-cams a.tile').first().getAttribute('href');
  expect(profile).toBeTruthy();
  return { profile: profile!, name: decodeURIComponent(profile!.split('/').filter(Boolean).at(-1)!) };
}

async function seriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

for (const lang of ['en', 'es'] as const) {
  test.describe(`global search (${lang})`, () => {
    test(`overlay: "a" is refused without a request, a real name gives grouped results, Enter opens the search page (spec 5)`, async ({
      page,
      context,
      baseURL,
    }) => {
      await decideConsent(context, baseURL, { adult: true });
      await gotoReady(page, `/${lang}/`);
      const { profile, name } = await realActor(page);
      const searched: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/rest/v1/searchResult/search/')) searched.push(decodeURIComponent(r.url()));
      });

      await openByKeyboard(page);
      const input = panel(page).getByRole('searchbox');
      await input.pressSequentially('a');
      await expect(panel(page).getByRole('status')).toHaveText(TEXT[lang].hint);

      const response = page.waitForResponse((r) => r.url().includes(`/rest/v1/searchResult/search/${lang}/`));
      await input.fill(name);
      expect((await response).status()).toBe(200);
      const actors = panel(page).locator('[data-search-group="actors"]');
      await expect(actors.locator(`a[href="${profile}"]`)).toBeVisible();
      // Only the full name was ever sent: "a" (under 3 characters) never reached the server.
      expect(searched.every((url) => url.endsWith(`/${lang}/${name}`))).toBe(true);
      await page.screenshot({ path: `${SHOTS}/overlay-${lang}.png` });
      expect(await seriousViolations(page, '#menu-panel-search')).toEqual([]);

      // Arrow keys move through the results; Escape closes and gives focus back to the search button.
      await page.keyboard.press('ArrowDown');
      await expect(panel(page).locator('[data-search-option]').first()).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(input).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
      await expect(toggle(page)).toBeFocused();

      // Enter in the field opens the search page with the groups.
      await page.keyboard.press('Enter');
      await expect(panel(page).getByRole('searchbox')).toBeFocused();
      await panel(page).getByRole('searchbox').fill(name);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${TEXT[lang].searchPath}${encodeURIComponent(name)}/`);
      const group = page.locator('#group-actors');
      await expect(group.getByRole('heading', { level: 2 })).toBeVisible();
      await expect(group.locator(`a[href="${profile}"]`)).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await page.screenshot({ path: `${SHOTS}/page-${lang}.png`, fullPage: false });
      expect(await seriousViolations(page, '#content')).toEqual([]);
    });

    test('the search page answers "too short" for 1-2 characters and an empty state for no match', async ({
      page,
      context,
      baseURL,
    }) => {
      await decideConsent(context, baseURL, { adult: true });
      await gotoReady(page, `${TEXT[lang].searchPath}ab/`);
      await expect(page.locator('[data-search-too-short]')).toHaveText(TEXT[lang].tooShort);
      await gotoReady(page, `${TEXT[lang].searchPath}qqqzzzxxx/`);
      await expect(page.locator('[data-search-empty]')).toHaveText(TEXT[lang].empty);
      expect(await seriousViolations(page, '#content')).toEqual([]);
    });

    test('recent searches appear only after accepting functional cookies (spec 5/9)', async ({
      page,
      context,
      baseURL,
    }) => {
      await decideConsent(context, baseURL, { adult: true });
      await gotoReady(page, `/${lang}/`);
      const { name } = await realActor(page);
      await openByKeyboard(page);
      await panel(page).getByRole('searchbox').fill(name);
      await page.keyboard.press('Enter');
      await expect(page.locator('#group-actors')).toBeVisible();
      await openByKeyboard(page);
      await expect(panel(page).locator('[data-recent-searches]')).toHaveCount(0);
      expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
      await page.keyboard.press('Escape');

      await decideConsent(context, baseURL, { value: 'v1.f1.a0', adult: true });
      await gotoReady(page, `${TEXT[lang].searchPath}${encodeURIComponent(name)}/`);
      await expect(page.locator('#group-actors')).toBeVisible();
      await openByKeyboard(page);
      const recent = panel(page).locator('[data-recent-searches]');
      await expect(recent.getByRole('heading')).toHaveText(TEXT[lang].recent);
      await expect(recent.getByRole('link', { name })).toBeVisible();
    });
  });
}
