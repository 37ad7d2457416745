/**
 * The browser loads the page language's messages only (issue 15 "first load on a phone", decision 0039):
 * one module per catalogue and language (`/assets/<catalogue>.<lang>-<hash>.js`), preloaded with the page,
 * waited for before hydration; a switch of language on the client loads the new language first.
 */
import { expect, type Page, test } from '@playwright/test';
import { gotoReady } from './fixtures.ts';

/** Expected texts from packages/i18n/src/messages/shell.ts and pages.ts (literal: a test must not reuse the code). */
const TEXT = {
  skipToContent: { en: 'Skip to content', de: 'Zum Inhalt springen' },
  newGirls: { en: 'New girls', de: 'Neue Girls' },
};

const CATALOGUE_MODULE = /\/assets\/[a-z-]+\.(de|en|nl|es)-[\w-]+\.js$/;

/** The languages of the catalogue modules the page requested so far (in request order). */
function catalogueRequests(page: Page): string[] {
  const languages: string[] = [];
  page.on('request', (request) => {
    const match = CATALOGUE_MODULE.exec(new URL(request.url()).pathname);
    if (match) languages.push(match[1]!);
  });
  return languages;
}

test.describe('messages of the page language only (decision 0039)', () => {
  test('/en/ requests the English catalogue modules only, preloaded by the page', async ({ page }) => {
    const requested = catalogueRequests(page);
    const response = await gotoReady(page, '/en/');
    const html = await response!.text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((href) => CATALOGUE_MODULE.test(href));
    expect(preloaded.length).toBeGreaterThanOrEqual(3);
    expect(preloaded.every((href) => href.includes('.en-'))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(requested.length).toBeGreaterThanOrEqual(3);
    expect(new Set(requested)).toEqual(new Set(['en']));
  });

  test('/de/ renders German before and after hydration, then the language links switch to English on the client', async ({
    page,
  }) => {
    // Any English text of the shell or the home page written into the document would be a flash of English.
    await page.addInitScript(
      (english: string[]) => {
        const seen: string[] = [];
        (window as unknown as { __englishSeen: string[] }).__englishSeen = seen;
        new MutationObserver(() => {
          if (!location.pathname.startsWith('/de/')) return;
          const text = document.documentElement.textContent ?? '';
          for (const phrase of english)
            if (text.includes(phrase) && !seen.includes(phrase)) seen.push(phrase);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      },
      [TEXT.skipToContent.en, TEXT.newGirls.en],
    );
    const requested = catalogueRequests(page);

    const response = await gotoReady(page, '/de/');
    const html = await response!.text();
    expect(html).toContain(TEXT.newGirls.de);
    expect(html).toContain(TEXT.skipToContent.de);
    const newGirls = page.getByRole('heading', { name: TEXT.newGirls.de });
    await expect(newGirls).toBeVisible();
    await expect(page.getByRole('link', { name: TEXT.skipToContent.de })).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(new Set(requested)).toEqual(new Set(['de']));
    expect(await page.evaluate('window.__englishSeen')).toEqual([]);

    // The language link is a client navigation: the page stays, English arrives with its modules.
    await page.evaluate('window.__velaSpa = true');
    await page.locator('header a[hreflang="en"]').first().click();
    await expect(page).toHaveURL('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: TEXT.newGirls.en })).toBeVisible();
    await expect(page.getByRole('link', { name: TEXT.skipToContent.en })).toHaveCount(1);
    expect(await page.evaluate('window.__velaSpa === true')).toBe(true);
    expect(requested).toContain('en');

    // And back: German is loaded already.
    await page.locator('header a[hreflang="de"]').first().click();
    await expect(page.getByRole('heading', { name: TEXT.newGirls.de })).toBeVisible();
  });
});
