/**
 * What an album purchase unlocks (issue 17 "Done when": "buys an album with a photo voucher and sees
 * its locked pictures open"; spec 4 album purchase success, spec 7 album/{albumId}/buy and
 * gallery/open) in real Chromium against the real server, in English and Spanish:
 * a new guest (age check accepted, so FSK-18 pictures show) with a photo voucher (type 4, granted
 * through the operator API) opens an album: its first 3 pictures load through URLs signed for the
 * guest, the rest are locked tiles without any image and a notice "Buy the album to see all N".
 * Buying with the voucher (keyboard: focus + Enter) charges nothing, and the locked pictures open at
 * once, every one of them a decoded image. A second guest's copy of one of those signed URLs does
 * not load (403, no image), neither does the picture's pool file by its direct URL.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { decideConsent, expect, gotoReady, test } from './fixtures.ts';
import { ageCheckedGuest } from './live-helpers.ts';
import { E2E_INTERNAL_TOKEN } from './playwright.config.ts';

const LANGS = ['en', 'es'] as const;
type Lang = (typeof LANGS)[number];
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-album-buy';
const PREVIEW = 3;

/** Literal texts of packages/i18n (a test must not reuse the code). */
const TEXT = {
  picturesPath: { en: 'pictures', es: 'fotos' },
  bought: { en: 'You bought this album.', es: 'Has comprado este álbum.' },
  buyToSee: { en: 'Buy the album to see all', es: 'Compra el álbum para ver' },
} satisfies Record<string, Record<Lang, string>>;

interface AlbumRef {
  id: number;
  slug: string;
  pictureCount: number;
}

/** A priced image album with more pictures than its preview, one per language (never bought before). */
async function albumFor(request: APIRequestContext, lang: Lang): Promise<AlbumRef> {
  const response = await request.post('/graphql', {
    data: {
      query: '{ galleries(offset: 40, limit: 100) { id type pictureCount price { value } actor { slug } } }',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const albums = (
    (await response.json()).data.galleries as {
      id: number;
      type: string;
      pictureCount: number;
      price: { value: number };
      actor: { slug: string };
    }[]
  ).filter((a) => a.type === 'image' && a.price.value > 0 && a.pictureCount >= PREVIEW + 2);
  const album = albums[LANGS.indexOf(lang) + 2];
  if (!album) throw new Error('no suitable album in the seed');
  return { id: album.id, slug: album.actor.slug, pictureCount: album.pictureCount };
}

/** Whether every image of the album grid is loaded and decoded (naturalWidth > 0). */
const decodedImages = (page: Page) =>
  page
    .locator('.gallery-grid img')
    .evaluateAll(
      (imgs) => (imgs as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth > 0).length,
    );

for (const lang of LANGS) {
  test(`${lang}: a new guest buys an album with a photo voucher and its locked pictures open; another guest's copy of a signed URL does not load`, async ({
    page,
    request,
    clientIp,
    baseURL,
    browser,
  }, testInfo) => {
    testInfo.setTimeout(120_000);
    const album = await albumFor(request, lang);
    const guest = await ageCheckedGuest(page, request, clientIp, baseURL, 'albumbuy');
    // The Spanish "are you 18?" question answered yes (its own test is dialog-host.spec.ts).
    await decideConsent(page.context(), baseURL, { adult: true });
    const granted = await request.post(`/rest/v1/internal/guests/${guest.id}/vouchers`, {
      headers: { 'x-internal-token': E2E_INTERNAL_TOKEN },
      data: { idempotencyKey: `album-buy-${guest.id}`, type: 4, amount: 1 },
    });
    expect(granted.status(), await granted.text()).toBeLessThan(300);

    const locked = album.pictureCount - PREVIEW;
    await gotoReady(page, `/${lang}/amateur/${album.slug}/${TEXT.picturesPath[lang]}/${album.id}/`);
    const grid = page.locator('.gallery-grid');
    await expect(grid.locator('[data-locked-picture]')).toHaveCount(locked);
    await expect(page.getByTestId('locked-notice')).toContainText(TEXT.buyToSee[lang]);
    await expect(page.getByTestId('locked-notice')).toContainText(String(album.pictureCount));
    // The preview pictures load (through URLs signed for this guest); the locked ones have no image.
    await expect.poll(() => decodedImages(page)).toBe(PREVIEW);
    const lockedIds = await grid
      .locator('[data-locked-picture]')
      .evaluateAll((tiles) => tiles.map((tile) => Number(tile.getAttribute('data-locked-picture'))));
    await page.screenshot({ path: `${SHOTS}/${lang}-before.png`, fullPage: true });

    // Buy from the keyboard: the voucher pays, no money moves.
    // (The label says the voucher once the page has heard of it; the server uses it first either way,
    // and with 0 coins anything else would open not-enough-money.)
    const buy = page.locator('[data-buy="album"] button');
    await buy.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(TEXT.bought[lang])).toBeVisible();
    await expect(grid.locator('[data-locked-picture]')).toHaveCount(0);
    await expect.poll(() => decodedImages(page), { timeout: 20_000 }).toBe(album.pictureCount);
    await page.screenshot({ path: `${SHOTS}/${lang}-after.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/${lang}-after-390.png`, fullPage: true });
    const balance = await page.request.get('/rest/v1/guest/getGuestBalance');
    expect(((await balance.json()) as { data: { balanceCents: number } }).data.balanceCents).toBe(0);

    // The buyer's signed URL of a formerly locked picture.
    const unlockedSrc = await grid
      .locator(`[data-picture-id="${lockedIds[0]}"] img`)
      .evaluate((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src);
    expect(unlockedSrc).toMatch(/\/media\/pictures\/\d+\/w\d+\.webp\?t=/);
    const own = await page.request.get(unlockedSrc);
    expect(own.status()).toBe(200);
    expect(own.headers()['content-type']).toBe('image/webp');

    // A second guest in another browser: the copied URL answers 403 with no image, and an <img> of it
    // does not load; the pool file behind it by its direct URL neither.
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      const otherIp = `${clientIp.split('.').slice(0, 3).join('.')}.250`;
      await ageCheckedGuest(otherPage, request, otherIp, baseURL, 'albumbuy2');
      await decideConsent(other, baseURL, { adult: true });
      const copied = await otherPage.request.get(unlockedSrc);
      expect(copied.status()).toBe(403);
      expect(copied.headers()['content-type']).toMatch(/^application\/json/);
      expect(((await copied.json()) as { error: { reason: string } }).error.reason).toBe('foreign');
      await gotoReady(otherPage, `/${lang}/`);
      const loaded = await otherPage.evaluate(
        (src) =>
          new Promise<boolean>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth > 0);
            img.onerror = () => resolve(false);
            img.src = src;
          }),
        unlockedSrc,
      );
      expect(loaded).toBe(false);
      // The other guest's own view of the album still has those pictures locked.
      await gotoReady(otherPage, `/${lang}/amateur/${album.slug}/${TEXT.picturesPath[lang]}/${album.id}/`);
      await expect(otherPage.locator('.gallery-grid [data-locked-picture]')).toHaveCount(locked);
    } finally {
      await other.close();
    }
  });
}
