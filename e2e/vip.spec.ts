/**
 * The VIP club in real Chromium against the real server and the real dialog (issue 4 deliverable 4,
 * issue 14, issue 16, issue 17). Never sell what is not delivered: the VIP club delivers VIP and VIP30
 * videos included (issue 17; e2e/vip-videos.spec.ts) and live preview 20 instead of 5 (issue 16,
 * decision 0038 part 9); no TV content (@vela/domain/subscription-benefits), so it lists those
 * benefits and is sold, with its price,
 * Get VIP and the trial; TV delivers nothing, so it is not sold (decision 0029 and its addendum). A
 * visitor and a guest with money in the wallet, in de/en/nl/es, see the three benefits, the VIP price
 * and no TV plan; the dialog's VIP flow offers Subscribe with its price, the TV flow says it is not
 * offered, with no Subscribe; the server refuses a TV subscribe with 409 PRODUCT_NOT_OFFERED and
 * charges nothing. The subscription mechanics (charge once, trial, renewal, cancel with the offer,
 * resume, status bar, a running member kept) are tested on the server
 * (apps/server/test/subscriptions.test.ts, subscriptions-offer.test.ts). axe finds no serious
 * violations.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  clientHeaders,
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  newGuest,
  signUpByApi,
  test,
} from './fixtures.ts';
import { E2E_INTERNAL_TOKEN } from './playwright.config.ts';

const LANGS = ['en', 'de', 'nl', 'es'] as const;
type Lang = (typeof LANGS)[number];
const SHOTS = '/tmp/shots-b';

/** Literal texts of packages/i18n/src/messages/{vipclub,pay-abo}.ts (a test must not reuse the code). */
const TEXT = {
  h1: { en: 'VIP club', de: 'VIP-Club', nl: 'VIP-club', es: 'Club VIP' },
  benefits: {
    en: ['All VIP videos included', 'New VIP30 videos every month', 'Live preview 20 times instead of 5'],
    de: ['Alle VIP-Videos inklusive', 'Jeden Monat neue VIP30-Videos', 'Live-Vorschau 20-mal statt 5-mal'],
    nl: [
      "Alle VIP-video's inbegrepen",
      "Elke maand nieuwe VIP30-video's",
      'Live-preview 20 keer in plaats van 5',
    ],
    es: [
      'Todos los vídeos VIP incluidos',
      'Nuevos vídeos VIP30 cada mes',
      'Vista previa en directo 20 veces en lugar de 5',
    ],
  },
  getVip: { en: 'Get VIP', de: 'VIP werden', nl: 'Word VIP', es: 'Hazte VIP' },
  tvUnavailable: {
    en: 'The TV subscription is not offered yet: there is no TV content to watch so far.',
    de: 'Das TV-Abo wird noch nicht angeboten: Bisher gibt es keine TV-Inhalte.',
    nl: 'Het tv-abonnement wordt nog niet aangeboden: er is nog geen tv-inhoud.',
    es: 'La suscripción de TV aún no se ofrece: todavía no hay contenido de TV.',
  },
} satisfies Record<string, Record<Lang, string | string[]>>;

/** Money in the wallet the way a guest gets it: an operator's coin bonus code, redeemed (spec 7 guest/redeemBonus). */
async function fundWallet(
  page: Page,
  request: APIRequestContext,
  clientIp: string,
  lang: Lang,
  cents: number,
) {
  const code = `VIP-${lang}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    .toUpperCase()
    .slice(0, 32);
  const created = await request.post('/rest/v1/internal/bonus-codes', {
    headers: { 'x-internal-token': E2E_INTERNAL_TOKEN },
    data: { code, reward: { kind: 'coins', cents }, maxRedemptions: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const redeemed = await page.request.post('/rest/v1/guest/redeemBonus', {
    data: { code },
    headers: clientHeaders(clientIp),
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
}

/** The VIP club page: the delivered benefits, the VIP price, no TV plan. */
async function expectVipClubSellingLivePreview(page: Page, lang: Lang) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.h1[lang]);
  await expect(page.locator('[data-vipclub-benefits] li')).toHaveText(TEXT.benefits[lang]);
  const plans = page.locator('[data-vipclub-plans]');
  await expect(plans.locator('[data-vipclub-closed]')).toHaveCount(0);
  await expect(plans.locator('[data-vipclub-plan="vip"]')).toContainText('19,99');
  await expect(plans.locator('[data-vipclub-plan="tv"]')).toHaveCount(0);
  await expect(page.locator('[data-get-tv]')).toHaveCount(0);
}

for (const lang of LANGS) {
  test(`${lang}: a visitor sees the VIP club with live preview 20, its price and Get VIP (login); no TV`, async ({
    page,
  }) => {
    await gotoReady(page, `/${lang}/vipclub/`);
    await expectVipClubSellingLivePreview(page, lang);
    await expect(page.locator('[data-vipclub] [data-get-vip="login"]')).toHaveText(TEXT.getVip[lang]);
    await expect(page.locator('[data-membership]')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `/${lang}/vipclub/ visitor`);
    await page.screenshot({ path: `${SHOTS}/vipclub-visitor-${lang}.png`, fullPage: true });
  });
}

for (const lang of ['en', 'de'] as const) {
  test(`${lang}: a guest with money: the page sells VIP (live preview 20) with its trial, the dialog's VIP flow offers Subscribe, its TV flow says not offered, the server refuses TV and charges nothing`, async ({
    page,
    request,
    clientIp,
  }) => {
    test.setTimeout(90_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signUpByApi(page, clientIp, newGuest('vip'));
    await fundWallet(page, request, clientIp, lang, 2500);

    await gotoReady(page, `/${lang}/vipclub/`);
    await expect(page.locator('[data-navbar-account]')).toHaveAttribute('data-navbar-account', 'guest');
    // The membership is read (no running one): VIP and its trial are offered, TV is not.
    await expect(page.locator('.vipclub-loading')).toHaveCount(0);
    await expectVipClubSellingLivePreview(page, lang);
    await expect(page.locator('[data-vipclub] [data-get-vip="vip-dialog"]')).toHaveText(TEXT.getVip[lang]);
    await expect(page.locator('[data-try-vip]')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/vipclub-guest-${lang}.png`, fullPage: true });

    await test.step('flow vipabo: the VIP price and Subscribe', async () => {
      await gotoReady(page, `/${lang}/vipclub/?showModalbox=1&vxpFlow=vipabo`);
      const frame = page.frameLocator('iframe.payment-dialog__frame');
      await expect(frame.locator('[data-abo-price]')).toBeVisible({ timeout: 30_000 });
      await expect(frame.locator('[data-abo-subscribe]')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/abo-dialog-vip-${lang}.png` });
      await expectNoSeriousAxeViolations(page, `/${lang}/vipclub/ dialog vipabo`);
    });

    await test.step('flow vxtvabo: not offered, no price, no Subscribe', async () => {
      await gotoReady(page, `/${lang}/vipclub/?showModalbox=1&vxpFlow=vxtvabo`);
      const frame = page.frameLocator('iframe.payment-dialog__frame');
      const unavailable = frame.locator('[data-screen="unavailable"]');
      await expect(unavailable.locator('[data-abo-unavailable="tv"]')).toHaveText(TEXT.tvUnavailable[lang]);
      await expect(frame.locator('[data-abo-subscribe], [data-abo-price]')).toHaveCount(0);
    });

    await test.step('the server refuses the TV sale and charges nothing (409 PRODUCT_NOT_OFFERED)', async () => {
      for (const data of [{ product: 'tv', idempotencyKey: `e2e-tv-${clientIp}-${Date.now()}` }]) {
        const refused = await page.request.post('/rest/v1/subscriptions/subscribe', {
          data,
          headers: clientHeaders(clientIp),
        });
        expect(refused.status(), await refused.text()).toBe(409);
        expect(await refused.json()).toMatchObject({
          success: false,
          error: { code: 'PRODUCT_NOT_OFFERED' },
        });
      }
      const state = await (await page.request.get('/rest/v1/subscriptions')).json();
      expect(state.data).toMatchObject({ vip: null, tv: null, offered: { vip: true, tv: false } });
      const me = await (await page.request.get('/rest/v1/guest/me')).json();
      expect(me.data.guest).toMatchObject({ isVip: false, isVXTVAboSubscriber: false, balanceCents: 2500 });
    });
    expect(pageErrors).toEqual([]);
  });
}
