/**
 * The VIP club in real Chromium against the real server and the real dialog (issue 4 deliverable 4,
 * issue 14). Never sell what is not delivered: the VIP club and TV deliver nothing yet (VIP videos
 * are still charged, no live preview 20, no TV content; @vela/domain/subscription-benefits), so
 * neither is sold (decision 0029 and its addendum, a product change). A visitor and a guest with
 * money in the wallet, in de/en/nl/es, see no price, no trial and no Get-VIP button, but an honest
 * note that the club opens once its benefits are delivered; the dialog's VIP, trial and TV flows
 * say they are not offered, with no Subscribe; the server refuses a subscribe with 409
 * PRODUCT_NOT_OFFERED and charges nothing. The subscription mechanics (charge once, trial,
 * renewal, cancel with the offer, resume, status bar, a running member kept) are tested on the
 * server (apps/server/test/subscriptions.test.ts, subscriptions-offer.test.ts). axe finds no
 * serious violations.
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
  closed: {
    en: 'The VIP club is not open to new members yet. It opens, with its price, once its benefits are delivered: all VIP videos included, new VIP30 videos every month, live preview 20 times instead of 5, and TV. Until then no membership is sold.',
    de: 'Der VIP-Club nimmt noch keine neuen Mitglieder auf. Er öffnet, mit seinem Preis, sobald seine Vorteile geliefert werden: alle VIP-Videos inklusive, jeden Monat neue VIP30-Videos, Live-Vorschau 20-mal statt 5-mal und TV. Bis dahin wird keine Mitgliedschaft verkauft.',
    nl: "De VIP-club neemt nog geen nieuwe leden aan. Hij opent, met zijn prijs, zodra zijn voordelen geleverd worden: alle VIP-video's inbegrepen, elke maand nieuwe VIP30-video's, live-preview 20 keer in plaats van 5, en TV. Tot dan wordt er geen lidmaatschap verkocht.",
    es: 'El club VIP todavía no admite nuevos miembros. Abrirá, con su precio, cuando se ofrezcan sus ventajas: todos los vídeos VIP incluidos, nuevos vídeos VIP30 cada mes, vista previa en directo 20 veces en lugar de 5, y TV. Hasta entonces no se vende ninguna membresía.',
  },
  noBenefits: {
    en: 'No benefits are included yet: each one is listed here from the day it is available.',
    de: 'Noch sind keine Vorteile enthalten: Jeder wird hier ab dem Tag aufgeführt, an dem es ihn gibt.',
    nl: 'Er zijn nog geen voordelen inbegrepen: elk voordeel staat hier vanaf de dag dat het beschikbaar is.',
    es: 'Todavía no se incluye ninguna ventaja: cada una aparecerá aquí desde el día en que esté disponible.',
  },
  vipUnavailable: {
    en: 'The VIP club is not offered yet: it opens once its benefits (VIP videos included, new VIP30 videos, live preview 20 times, TV) are delivered. Nothing is charged.',
    de: 'Der VIP-Club wird noch nicht angeboten: Er öffnet, sobald seine Vorteile (VIP-Videos inklusive, neue VIP30-Videos, Live-Vorschau 20-mal, TV) geliefert werden. Es wird nichts abgebucht.',
    nl: "De VIP-club wordt nog niet aangeboden: hij opent zodra zijn voordelen (VIP-video's inbegrepen, nieuwe VIP30-video's, live-preview 20 keer, TV) geleverd worden. Er wordt niets afgeschreven.",
    es: 'El club VIP aún no se ofrece: abrirá cuando se ofrezcan sus ventajas (vídeos VIP incluidos, nuevos vídeos VIP30, vista previa en directo 20 veces, TV). No se cobra nada.',
  },
  tvUnavailable: {
    en: 'The TV subscription is not offered yet: there is no TV content to watch so far.',
    de: 'Das TV-Abo wird noch nicht angeboten: Bisher gibt es keine TV-Inhalte.',
    nl: 'Het tv-abonnement wordt nog niet aangeboden: er is nog geen tv-inhoud.',
    es: 'La suscripción de TV aún no se ofrece: todavía no hay contenido de TV.',
  },
} satisfies Record<string, Record<Lang, string>>;

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

/** What the VIP club page offers nobody while it delivers nothing: no price, no trial, no button. */
async function expectClosedVipClub(page: Page, lang: Lang) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.h1[lang]);
  const plans = page.locator('[data-vipclub-plans]');
  await expect(plans.locator('[data-vipclub-closed="vip"]')).toHaveText(TEXT.closed[lang]);
  await expect(page.locator('[data-vipclub-benefits]')).toHaveText(TEXT.noBenefits[lang]);
  await expect(plans.locator('dl, [data-vipclub-plan]')).toHaveCount(0);
  // No price of either product (€19,99 VIP, €1,99 trial, €9,99 TV, in every language's format).
  for (const amount of ['19,99', '1,99', '9,99'])
    await expect(page.locator('[data-vipclub]')).not.toContainText(amount);
  await expect(page.locator('[data-get-vip], [data-try-vip], [data-get-tv]')).toHaveCount(0);
  await expect(page.locator('[data-open-dialog="vipabo"]')).toHaveCount(0);
}

for (const lang of LANGS) {
  test(`${lang}: a visitor sees that the VIP club is not sold yet: no price, no Get-VIP, an honest note`, async ({
    page,
  }) => {
    await gotoReady(page, `/${lang}/vipclub/`);
    await expectClosedVipClub(page, lang);
    await expect(page.locator('[data-membership]')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `/${lang}/vipclub/ visitor`);
    await page.screenshot({ path: `${SHOTS}/vipclub-visitor-${lang}.png`, fullPage: true });
  });
}

for (const lang of ['en', 'de'] as const) {
  test(`${lang}: a guest with money: the page sells nothing, the dialog's VIP, trial and TV flows say not offered, the server charges nothing`, async ({
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
    // The membership is read (no running one), and still nothing is offered.
    await expect(page.locator('.vipclub-loading')).toHaveCount(0);
    await expectClosedVipClub(page, lang);
    await page.screenshot({ path: `${SHOTS}/vipclub-guest-${lang}.png`, fullPage: true });

    for (const [flow, product] of [
      ['vipabo', 'vip'],
      ['trialvipabo', 'vip'],
      ['vxtvabo', 'tv'],
    ] as const) {
      await test.step(`flow ${flow}: not offered, no price, no Subscribe`, async () => {
        await gotoReady(page, `/${lang}/vipclub/?showModalbox=1&vxpFlow=${flow}`);
        const frame = page.frameLocator('iframe.payment-dialog__frame');
        const unavailable = frame.locator('[data-screen="unavailable"]');
        await expect(unavailable.locator(`[data-abo-unavailable="${product}"]`)).toHaveText(
          product === 'vip' ? TEXT.vipUnavailable[lang] : TEXT.tvUnavailable[lang],
        );
        await expect(frame.locator('[data-abo-subscribe], [data-abo-price]')).toHaveCount(0);
        if (flow === 'vipabo') {
          await page.screenshot({ path: `${SHOTS}/abo-dialog-closed-${lang}.png` });
          await expectNoSeriousAxeViolations(page, `/${lang}/vipclub/ dialog ${flow}`);
        }
      });
    }

    await test.step('the server refuses the sale and charges nothing (409 PRODUCT_NOT_OFFERED)', async () => {
      for (const data of [
        { product: 'vip', idempotencyKey: `e2e-vip-${clientIp}-${Date.now()}` },
        { product: 'vip', trial: true, idempotencyKey: `e2e-trial-${clientIp}-${Date.now()}` },
        { product: 'tv', idempotencyKey: `e2e-tv-${clientIp}-${Date.now()}` },
      ]) {
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
      expect(state.data).toMatchObject({ vip: null, tv: null, offered: { vip: false, tv: false } });
      const me = await (await page.request.get('/rest/v1/guest/me')).json();
      expect(me.data.guest).toMatchObject({ isVip: false, isVXTVAboSubscriber: false, balanceCents: 2500 });
    });
    expect(pageErrors).toEqual([]);
  });
}
