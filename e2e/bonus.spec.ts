/**
 * Bonus codes in the payment dialog (issue 4: flows promocode and scratchcard) in real Chromium
 * against the real server: a logged-in guest opens the promo code dialog with
 * `?vxpAutoFlow=PromoCode` (spec 2), an unknown code shows its reason (spec 5: check returns success
 * and reason), a coin code is checked and redeemed, the balance rose (guest/getGuestBalance with the
 * page's cookies), and redeeming the same code again is refused. English and Spanish.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import {
  balanceCentsOf,
  clientHeaders,
  decideConsent,
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  newGuest,
  signUpByApi,
  test,
} from './fixtures.ts';
import { E2E_INTERNAL_TOKEN } from './playwright.config.ts';

type Lang = 'en' | 'es';
const SHOTS = '/tmp/shots';

/** Expected texts from packages/i18n/src/messages/pay-promo.ts (kept literal: a test must not reuse the code). */
const TEXT = {
  title: { en: 'Redeem a promo code', es: 'Canjear un código promocional' },
  codeLabel: { en: 'Promo code', es: 'Código promocional' },
  check: { en: 'Check code', es: 'Comprobar código' },
  redeem: { en: 'Redeem now', es: 'Canjear ahora' },
  otherCode: { en: 'Enter another code', es: 'Introducir otro código' },
  unknown: {
    en: 'This code does not exist. Check the spelling.',
    es: 'Este código no existe. Comprueba cómo lo has escrito.',
  },
  already: { en: 'You have already redeemed this code.', es: 'Ya has canjeado este código.' },
  canRedeem: { en: 'You can redeem this code now.', es: 'Puedes canjear este código ahora.' },
  reward: { en: '20 coins (€5,00)', es: '20 monedas (5,00 €)' },
  success: { en: 'Your new balance: 20 coins.', es: 'Tu nuevo saldo: 20 monedas.' },
} satisfies Record<string, Record<Lang, string>>;

const dialog = (page: Page): FrameLocator => page.frameLocator('iframe.payment-dialog__frame');

/** A fresh multi-use coin code (5 EUR = 20 coins) made through the operator API. */
async function createCode(request: APIRequestContext): Promise<string> {
  const code = `E2E${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`.toUpperCase().slice(0, 32);
  const response = await request.post('/rest/v1/internal/bonus-codes', {
    headers: { 'x-internal-token': E2E_INTERNAL_TOKEN },
    data: { code, reward: { kind: 'coins', cents: 500 }, maxRedemptions: 100 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return code;
}

/** Opens the dialog in flow promocode through the URL (spec 2: vxpAutoFlow opens flow "open" + value). */
async function openPromoDialog(page: Page, lang: Lang): Promise<FrameLocator> {
  await gotoReady(page, `/${lang}/?vxpAutoFlow=PromoCode`);
  await expect(page.locator('iframe.payment-dialog__frame')).toHaveAttribute('src', /flow=promocode/);
  const frame = dialog(page);
  await expect(frame.getByRole('heading', { name: TEXT.title[lang] })).toBeVisible();
  return frame;
}

async function checkCode(frame: FrameLocator, lang: Lang, code: string) {
  await frame.getByLabel(TEXT.codeLabel[lang]).fill(code);
  await frame.getByRole('button', { name: TEXT.check[lang] }).click();
}

for (const lang of ['en', 'es'] as const) {
  test(`${lang}: promo code dialog shows the reason of an unknown code, redeems a coin code once and the balance rises`, async ({
    page,
    request,
    baseURL,
    clientIp,
  }) => {
    await decideConsent(page.context(), baseURL);
    await signUpByApi(page, clientIp, newGuest('bonus'));
    const code = await createCode(request);
    expect(await balanceCentsOf(page, clientIp)).toBe(0);

    const frame = await openPromoDialog(page, lang);
    // Spec 5: the check answers with a reason before anything is redeemed.
    await checkCode(frame, lang, 'NOSUCHCODE42');
    await expect(frame.locator('[data-promo-reason="UNKNOWN_CODE"]')).toHaveText(TEXT.unknown[lang]);
    await frame.getByRole('button', { name: TEXT.otherCode[lang] }).click();

    // The keyboard works: type the code and press Enter.
    await frame.getByLabel(TEXT.codeLabel[lang]).fill(code.toLowerCase());
    await frame.getByLabel(TEXT.codeLabel[lang]).press('Enter');
    await expect(frame.locator('[data-promo-reward]')).toHaveText(TEXT.reward[lang]);
    await expect(frame.getByText(TEXT.canRedeem[lang])).toBeVisible();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/bonus-check-${lang}.png` });
    await expectNoSeriousAxeViolations(page, `promo code check ${lang}`);
    await frame.getByRole('button', { name: TEXT.redeem[lang] }).click();
    await expect(frame.locator('[data-promo-success]')).toContainText(TEXT.success[lang]);
    await page.screenshot({ path: `${SHOTS}/bonus-redeemed-${lang}.png` });
    expect(await balanceCentsOf(page, clientIp)).toBe(500);

    // Redeeming the same code again is refused: in the dialog and through the API.
    const again = await openPromoDialog(page, lang);
    await checkCode(again, lang, code);
    await expect(again.locator('[data-promo-reason="ALREADY_REDEEMED"]')).toHaveText(TEXT.already[lang]);
    await expect(again.getByRole('button', { name: TEXT.redeem[lang] })).toHaveCount(0);
    const refused = await page.request.post('/rest/v1/guest/redeemBonus', {
      data: { code },
      headers: clientHeaders(clientIp),
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('ALREADY_REDEEMED');
    expect(await balanceCentsOf(page, clientIp)).toBe(500);
  });
}

test('de: the scratch card flow (vxpAutoFlow=ScratchCard) checks the card code format, then redeems the demo scratch card', async ({
  page,
  baseURL,
  clientIp,
}) => {
  await decideConsent(page.context(), baseURL);
  await signUpByApi(page, clientIp, newGuest('bonus'));
  await gotoReady(page, '/de/?vxpAutoFlow=ScratchCard');
  await expect(page.locator('iframe.payment-dialog__frame')).toHaveAttribute('src', /flow=scratchcard/);
  const frame = dialog(page);
  await expect(frame.getByRole('heading', { name: 'Rubbelkarte einlösen' })).toBeVisible();
  const input = frame.getByLabel('Code der Rubbelkarte');
  await input.fill('abc-123');
  await frame.getByRole('button', { name: 'Code prüfen' }).click();
  await expect(frame.getByText('Ein Rubbelkarten-Code hat 12 bis 16 Buchstaben und Ziffern.')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/bonus-scratch-input-de.png` });
  await expectNoSeriousAxeViolations(page, 'scratch card');
  // The demo scratch card of the seed, typed as printed (with dashes, lower case).
  await input.fill('vela-scratch-2026');
  await input.press('Enter');
  await expect(frame.locator('[data-promo-reward]')).toHaveText('20 Coins (5,00 €)');
  await page.screenshot({ path: `${SHOTS}/bonus-scratch-de.png` });
  await frame.getByRole('button', { name: 'Jetzt einlösen' }).click();
  await expect(frame.locator('[data-promo-success]')).toContainText('Dein neues Guthaben: 20 Coins.');
  expect(await balanceCentsOf(page, clientIp)).toBe(500);
});
