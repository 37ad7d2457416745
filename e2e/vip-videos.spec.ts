/**
 * VIP delivers what the VIP club sells (issue 17 deliverable 4 and "Done when": a VIP plays a VIP video
 * with no charge), in real Chromium against the real server and the real dialog, in en and de: a new
 * guest with money subscribes to VIP in the payment dialog's VIP flow (vipabo, Subscribe); on the VIP
 * videos listing the tiles say "Included in your VIP membership" with no buy button (spec 3
 * guestInfo.flatrate); the VIP video plays in full, past the 20 s preview, and nothing but the
 * subscription was charged (balance and purchases unchanged). The VIP club lists "All VIP videos
 * included" and "New VIP30 videos every month" again.
 */
import { balanceCentsOf, clientHeaders, expect, gotoReady, test } from './fixtures.ts';
import { buyingGuest, expectPlayedPast, purchasesOf } from './purchase-helpers.ts';

const LANGS = ['en', 'de'] as const;
type Lang = (typeof LANGS)[number];
const SHOTS = '/tmp/shots-b';

/** Literal texts (packages/i18n/src/messages/{purchase,vipclub}.ts; a test must not reuse the code). */
const TEXT = {
  vipVideos: { en: '/en/videos/vip-videos/', de: '/de/videos/vip-videos/' },
  included: { en: 'Included in your VIP membership', de: 'In deiner VIP-Mitgliedschaft enthalten' },
  benefits: {
    en: ['All VIP videos included', 'New VIP30 videos every month', 'Live preview 20 times instead of 5'],
    de: ['Alle VIP-Videos inklusive', 'Jeden Monat neue VIP30-Videos', 'Live-Vorschau 20-mal statt 5-mal'],
  },
} satisfies Record<string, Record<Lang, unknown>>;

const VIDEO_PREVIEW_SECONDS = 20;

for (const lang of LANGS) {
  test(`${lang}: a VIP sees no buy button on VIP videos (included) and plays one in full past the ${VIDEO_PREVIEW_SECONDS} s preview with no charge`, async ({
    page,
    request,
    clientIp,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const pageErrors = await buyingGuest(page, { request, clientIp, baseURL }, 'vipvideo', 2500);

    await test.step('subscribe to VIP in the dialog (flow vipabo)', async () => {
      await gotoReady(page, `/${lang}/vipclub/`);
      await expect(page.locator('[data-vipclub-benefits] li')).toHaveText(TEXT.benefits[lang]);
      await gotoReady(page, `/${lang}/vipclub/?showModalbox=1&vxpFlow=vipabo`);
      const frame = page.frameLocator('iframe.payment-dialog__frame');
      await frame.locator('[data-abo-subscribe]').click({ timeout: 30_000 });
      // The membership starts (the dialog closes and the page shows it).
      await expect
        .poll(async () => (await (await page.request.get('/rest/v1/guest/me')).json()).data.guest.isVip)
        .toBe(true);
    });
    const afterSubscription = await balanceCentsOf(page, clientIp);
    expect(afterSubscription).toBeLessThan(2500);

    await gotoReady(page, TEXT.vipVideos[lang]);
    const tiles = page.locator('#pagination .tile--video');
    await expect(tiles.first()).toBeVisible();
    // Every tile of the VIP videos says it is included; none offers a purchase.
    await expect(tiles.locator('button.buy__button')).toHaveCount(0);
    await expect(tiles.first().locator('[data-buy-state="included"]')).toContainText(TEXT.included[lang]);
    await page.screenshot({ path: `${SHOTS}/vip-videos-${lang}.png` });

    const first = tiles.first();
    const id = Number(await first.getAttribute('data-video-id'));
    await first.locator('.tile__link').click();
    await expect(page).toHaveURL(new RegExp(`[?&]video=${id}`));
    await expectPlayedPast(page, VIDEO_PREVIEW_SECONDS + 1);
    await page.screenshot({ path: `${SHOTS}/vip-watching-${lang}.png` });

    // Nothing was charged for watching: the balance is what the subscription left, no purchase.
    expect(await balanceCentsOf(page, clientIp)).toBe(afterSubscription);
    expect(await purchasesOf(page, clientIp)).toEqual([]);
    // The server agrees: buying it would be refused as included, and charges nothing.
    const refused = await page.request.post(`/rest/v1/video/${id}/buy`, {
      data: { idempotencyKey: `e2e-vip-${id}-${Date.now()}` },
      headers: clientHeaders(clientIp),
    });
    expect(refused.status(), await refused.text()).toBe(409);
    expect((await refused.json()).error.code).toBe('INCLUDED_IN_VIP');
    expect(await balanceCentsOf(page, clientIp)).toBe(afterSubscription);
    expect(pageErrors).toEqual([]);
  });
}
