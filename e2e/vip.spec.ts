/**
 * Issue 4 deliverable 4 in real Chromium against the real server and the real dialog, in English
 * and German: a guest with money in the wallet opens /<lang>/vipclub/, takes the VIP club through
 * the Get-VIP button (spec 6: the VIP dialog for a non-VIP), sees the membership without a reload
 * (and no Get-VIP button any more), the start is reported to analytics (spec 4 vip_abo_update),
 * then cancels, declines the cancellation offer and reads "ends on …". Visitors see the benefits
 * delivered today (none yet, issue 14; TV, which delivers nothing, is not on offer),
 * the prices and a Get-VIP button that asks for the login first. axe finds no serious violations.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { clientHeaders, expect, test } from './fixtures.ts';
import { E2E_INTERNAL_TOKEN } from './playwright.config.ts';

const LANGS = ['en', 'de'] as const;
type Lang = (typeof LANGS)[number];
const SHOTS = '/tmp/shots-b';

/** Literal texts of packages/i18n/src/messages/{vipclub,pay-abo}.ts (a test must not reuse the code). */
const TEXT = {
  h1: { en: 'VIP club', de: 'VIP-Club' },
  getVip: { en: 'Get VIP', de: 'VIP werden' },
  vipPrice: { en: '€19,99 every 30 days · 80 coins', de: '19,99\u00a0€ alle 30 Tage · 80 Coins' },
  dialogTitle: { en: 'Join the VIP club', de: 'Werde Mitglied im VIP-Club' },
  subscribe: { en: 'Subscribe for €19,99', de: 'Für 19,99\u00a0€ abonnieren' },
  welcome: { en: 'Welcome to the VIP club!', de: 'Willkommen im VIP-Club!' },
  continue: { en: 'Continue', de: 'Weiter' },
  member: { en: 'Your VIP membership', de: 'Deine VIP-Mitgliedschaft' },
  nextRenewal: {
    en: /^Next renewal on \d{1,2} \S+ \d{4} for €19,99 \(80 coins\)$/,
    de: /^Nächste Verlängerung am \d{1,2}\. \S+ \d{4} für 19,99\u00a0€ \(80 Coins\)$/,
  },
  cancel: { en: 'Cancel subscription', de: 'Abo kündigen' },
  offerTitle: { en: 'Before you go', de: 'Bevor du gehst' },
  offerText: {
    en: 'Stay and get the next 30 days for €10,00 instead of €19,99 (50 % off).',
    de: 'Bleib und erhalte die nächsten 30 Tage für 10,00\u00a0€ statt 19,99\u00a0€ (50 % Rabatt).',
  },
  decline: { en: 'No thanks, cancel', de: 'Nein danke, kündigen' },
  endsOn: { en: /^Ends on \d{1,2} \S+ \d{4}$/, de: /^Endet am \d{1,2}\. \S+ \d{4}$/ },
  cancelled: { en: 'Cancelled', de: 'Gekündigt' },
  resume: { en: 'Resume subscription', de: 'Abo fortsetzen' },
  accept: { en: 'Accept the offer', de: 'Angebot annehmen' },
  offerTaken: {
    en: 'Offer taken: your next period costs €10,00.',
    de: 'Angebot angenommen: Dein nächster Zeitraum kostet 10,00\u00a0€.',
  },
  thanks: {
    en: 'Thank you for staying! Your offer is saved.',
    de: 'Danke, dass du bleibst! Dein Angebot ist gespeichert.',
  },
  notEnough: {
    en: 'Your balance is not enough for €19,99. Top up your wallet, then subscribe.',
    de: 'Dein Guthaben reicht nicht für 19,99\u00a0€. Lade dein Guthaben auf und abonniere dann.',
  },
  topUpNow: { en: 'Top up now', de: 'Jetzt aufladen' },
} satisfies Record<string, Record<Lang, string | RegExp>>;

function newGuest(lang: Lang) {
  const tag = `${lang}${Date.now().toString(36)}${Math.floor(Math.random() * 1e5)}`;
  return {
    screenName: `vip_${tag}`.slice(0, 32),
    email: `vip.${tag}@example.com`,
    password: `Vip club e2e ${tag}`,
  };
}

async function gotoReady(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
  return response;
}

async function noSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label} ${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

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

for (const lang of LANGS) {
  test(`${lang}: subscribe to VIP on /vipclub/, see the membership without reload, cancel declining the offer -> ends on`, async ({
    page,
    request,
    baseURL,
    clientIp,
  }) => {
    test.setTimeout(90_000);
    // Analytics consent: the just-started subscription is reported (spec 4).
    await page.context().addCookies([{ name: 'vela_consent', value: 'v1.f0.a1', url: baseURL! }]);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const guest = newGuest(lang);
    const signup = await page.request.post('/rest/v1/guest/signup', {
      data: guest,
      headers: clientHeaders(clientIp),
    });
    expect(signup.status(), await signup.text()).toBe(201);
    await fundWallet(page, request, clientIp, lang, 2500);

    await gotoReady(page, `/${lang}/vipclub/`);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.h1[lang]);
    const plans = page.locator('[data-vipclub-plans]');
    await expect(plans).toContainText(TEXT.vipPrice[lang]);
    const getVip = plans.locator('[data-get-vip="vip-dialog"]');
    await expect(getVip).toHaveText(TEXT.getVip[lang]);
    await page.screenshot({ path: `${SHOTS}/vipclub-guest-${lang}.png`, fullPage: true });
    await noSeriousAxeViolations(page, `/${lang}/vipclub/ guest`);

    await test.step('Get VIP opens the VIP dialog; subscribing is paid from the wallet', async () => {
      await getVip.click();
      await expect(page.locator('iframe.payment-dialog__frame')).toHaveAttribute('src', /flow=vipabo/);
      const frame = page.frameLocator('iframe.payment-dialog__frame');
      const offer = frame.locator('[data-view="abo"][data-screen="offer"]');
      await expect(offer).toBeVisible();
      await expect(offer.getByRole('heading', { level: 1 })).toHaveText(TEXT.dialogTitle[lang]);
      await page.screenshot({ path: `${SHOTS}/abo-dialog-${lang}.png` });
      const tracked = page.waitForRequest(
        (r) => r.url().includes('/rest/v1/tracker/track') && (r.postData() ?? '').includes('vip_abo_update'),
      );
      await frame.getByRole('button', { name: TEXT.subscribe[lang] }).click();
      await expect(frame.getByRole('heading', { name: TEXT.welcome[lang] })).toBeVisible();
      await frame.getByRole('button', { name: TEXT.continue[lang], exact: true }).click();
      await expect(page.locator('[data-payment-dialog]')).toBeHidden();
      const event = JSON.parse((await tracked).postData() ?? '{}');
      expect(event).toMatchObject({
        eventAction: 'vip_abo_update',
        eventData: { isStarted: true, priceCents: 1999 },
      });
    });

    await test.step('the membership shows without a reload; no Get-VIP button for a VIP (spec 6)', async () => {
      const card = page.locator('[data-membership="vip"]');
      await expect(card).toHaveAttribute('data-status', 'active');
      await expect(card.getByRole('heading', { level: 2 })).toContainText(TEXT.member[lang]);
      await expect(card.locator('[data-next-renewal]')).toHaveText(TEXT.nextRenewal[lang]);
      await expect(page.locator('[data-vip30-history] tbody tr')).toHaveCount(1);
      await expect(page.locator('[data-get-vip]')).toHaveCount(0);
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
      await page.screenshot({ path: `${SHOTS}/vipclub-member-${lang}.png`, fullPage: true });
    });

    await test.step('cancel: the cancellation offer first; declined -> cancelled, ends on …', async () => {
      const card = page.locator('[data-membership="vip"]');
      await card.getByRole('button', { name: TEXT.cancel[lang] }).click();
      const offerPanel = card.locator('[data-cancellation-offer="vip"]');
      await expect(offerPanel.getByRole('heading', { level: 3 })).toBeFocused();
      await expect(offerPanel.getByRole('heading', { level: 3 })).toHaveText(TEXT.offerTitle[lang]);
      await expect(offerPanel).toContainText(TEXT.offerText[lang]);
      await page.screenshot({ path: `${SHOTS}/vipclub-offer-${lang}.png`, fullPage: true });
      await noSeriousAxeViolations(page, `/${lang}/vipclub/ offer`);
      await offerPanel.getByRole('button', { name: TEXT.decline[lang] }).click();
      await expect(card).toHaveAttribute('data-status', 'cancelled');
      await expect(card.locator('[data-ends-on]')).toHaveText(TEXT.endsOn[lang]);
      await expect(card.getByRole('heading', { level: 2 })).toContainText(TEXT.cancelled[lang]);
      await expect(card.getByRole('button', { name: TEXT.resume[lang] })).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
      await page.screenshot({ path: `${SHOTS}/vipclub-cancelled-${lang}.png`, fullPage: true });
    });

    await test.step('resume, cancel again and take the offer (spec 7/8): status bar, next period at the offer price', async () => {
      const card = page.locator('[data-membership="vip"]');
      await card.getByRole('button', { name: TEXT.resume[lang] }).click();
      await expect(card).toHaveAttribute('data-status', 'active');
      await card.getByRole('button', { name: TEXT.cancel[lang] }).click();
      await card
        .locator('[data-cancellation-offer="vip"]')
        .getByRole('button', { name: TEXT.accept[lang] })
        .click();
      await expect(page.locator('[data-status-bar="cancellation-offer-accepted"]')).toContainText(
        TEXT.thanks[lang],
      );
      await expect(card).toHaveAttribute('data-status', 'active');
      await expect(card).toContainText(TEXT.offerTaken[lang]);
      expect((await page.context().cookies()).find((c) => c.name === 'vela_status_bar')?.value).toBe(
        'cancellation-offer-accepted',
      );
      await page.screenshot({ path: `${SHOTS}/vipclub-offer-taken-${lang}.png`, fullPage: true });
    });
    expect(pageErrors).toEqual([]);
  });
}

for (const lang of LANGS) {
  test(`${lang}: not enough money in the wallet: the VIP dialog offers the top-up (flow moneycharge)`, async ({
    page,
    baseURL,
    clientIp,
  }) => {
    await page.context().addCookies([{ name: 'vela_consent', value: 'v1.f0.a0', url: baseURL! }]);
    const signup = await page.request.post('/rest/v1/guest/signup', {
      data: newGuest(lang),
      headers: clientHeaders(clientIp),
    });
    expect(signup.status(), await signup.text()).toBe(201);
    await gotoReady(page, `/${lang}/vipclub/`);
    await page.locator('[data-vipclub-plans] [data-get-vip="vip-dialog"]').click();
    const frame = page.frameLocator('iframe.payment-dialog__frame');
    const notEnough = frame.locator('[data-abo-not-enough]');
    await expect(notEnough).toContainText(TEXT.notEnough[lang]);
    await expect(frame.locator('[data-abo-subscribe]')).toHaveCount(0);
    await notEnough.getByRole('button', { name: TEXT.topUpNow[lang] }).click();
    await expect(frame.locator('[data-view="payment"][data-screen="moneycharge"]')).toBeVisible();
  });
}

test('a visitor sees benefits and prices; Get VIP asks for the login first (spec 6)', async ({ page }) => {
  await gotoReady(page, '/en/vipclub/');
  await expect(page.locator('[data-vipclub-plans]')).toContainText(TEXT.vipPrice.en);
  // Issue 14: only benefits delivered today are listed. None is yet (VIP videos are still charged, no
  // live preview, no TV content), so the page says so, and TV, which gives nothing yet, is not sold.
  await expect(page.locator('[data-vipclub-benefits]')).toHaveText(
    'No benefits are included yet: each one is listed here from the day it is available.',
  );
  for (const claim of ['All VIP videos included', 'Live preview 20 times', 'TV and the premium livestream']) {
    await expect(page.getByText(claim)).toHaveCount(0);
  }
  await expect(page.locator('[data-vipclub-plans] dt')).toHaveText(['VIP club']);
  await expect(page.locator('[data-membership]')).toHaveCount(0);
  await noSeriousAxeViolations(page, '/en/vipclub/ visitor');
  await page.screenshot({ path: `${SHOTS}/vipclub-visitor-en.png`, fullPage: true });
  await page.locator('[data-vipclub-plans] [data-get-vip="login"]').click();
  await expect(page.locator('iframe.payment-dialog__frame')).toHaveAttribute('src', /flow=vipabo/);
  const frame = page.frameLocator('iframe.payment-dialog__frame');
  await expect(frame.locator('[data-view="login"]')).toBeVisible();
});
