/**
 * Issue 16 "Done when", the guest's side, in real Chromium against the real server (embedded media:
 * werift + the ffmpeg test pattern; the simulated performer accepts and answers):
 * a guest with no money asks for a live chat -> `not-enough-money` -> top-up of 10 € in the payment
 * dialog -> the same start request goes on by itself; frames decode (requestVideoFrameCallback); a
 * message gets the performer's reply; the balance falls minute by minute (LIVE_MINUTE_MS is short in
 * the e2e server, playwright.config.ts); money runs out -> 501; the exit dialog says why, lists every
 * charged minute and takes the rating. Screenshots at 390 px and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import * as fixtures from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { countDecodedFrames, decodedFrames } from './live-frames.ts';
import { anOnlinePerformer, verifyAge, liveVideo as video } from './live-helpers.ts';

const SHOTS = '/tmp/liveui-shots';

const meter = (page: Page, name: string) => page.locator(`[data-live-meter="${name}"]`);
const coinsIn = async (page: Page, name: string) =>
  Number((await meter(page, name).innerText()).replace(/\D/g, ''));

test('a guest with 10 € starts a live chat, sees the video, gets a reply, pays minute by minute until 501, then receipt and rating', async ({
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await fixtures.decideConsent(page.context(), baseURL);
  const guest = await fixtures.signUpByApi(page, clientIp, fixtures.newGuest('live'));
  await verifyAge(page, request, clientIp, guest.id);
  const profile = await anOnlinePerformer(page);

  await fixtures.gotoReady(page, `${profile}live-show/`);
  const start = page.getByRole('button', { name: 'Start live chat' });
  await expect(start).toBeVisible();
  await expect(page.locator('.live-start [data-chat-type="livechat"] [data-live-price]')).toHaveText(
    /^\d+ coins per minute$/,
  );
  const price = Number(
    (await page.locator('.live-start [data-chat-type="livechat"] [data-live-price]').innerText()).replace(
      /\D/g,
      '',
    ),
  );

  // No money yet: spec 2 modal not-enough-money -> the payment dialog -> back into the chat.
  await start.click();
  const money = page.getByRole('dialog', { name: 'Not enough coins' });
  await expect(money).toBeVisible();
  await expect(money).toContainText('needs at least 2 coins');
  await money.getByRole('button', { name: 'Top up' }).click();
  const frame = page.frameLocator('iframe.payment-dialog__frame');
  await expect(frame.locator('[data-view="payment"][data-screen="moneycharge"]')).toBeVisible({
    timeout: 30_000,
  });
  await frame.getByLabel('40 coins for €10,00').check();
  await frame.getByLabel('Credit card').check();
  await frame.getByLabel('Card number').pressSequentially('4242424242424242');
  await frame.getByLabel('Expiry date (MM/YY)').pressSequentially('1230');
  await frame.getByLabel('Security code (CVC)').fill('123');
  await frame.getByLabel('Name on card').fill('Alex Example');
  await frame.getByRole('button', { name: 'Pay €10,00' }).click();
  await expect(frame.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Balance: 40 coins. Top up' })).toBeVisible();
  // Done: the dialog closes (a money flow's success, WalletSync) and the pending start runs.
  await frame.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('iframe.payment-dialog__frame')).toBeHidden({ timeout: 15_000 });

  // The same start request went on by itself: the live view.
  await expect(page.locator('[data-live-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.live-room [data-live-price]')).toHaveText(`${price} coins per minute`);
  await expect(page.locator('[data-player-state="playing"]')).toBeVisible({ timeout: 30_000 });
  await countDecodedFrames(video(page));
  await expect.poll(() => decodedFrames(video(page)), { timeout: 10_000 }).toBeGreaterThan(10);

  // The text chat: Enter sends, the performer answers.
  const input = page.getByRole('textbox', { name: 'Your message' });
  await input.fill('Hello from the e2e test');
  await input.press('Enter');
  await expect(page.locator('.live-chat__line[data-from="guest"]')).toContainText('Hello from the e2e test');
  await expect(page.locator('.live-chat__line[data-from="performer"]').first()).toBeVisible({
    timeout: 20_000,
  });
  await page.screenshot({ path: `${SHOTS}/live-1280.png`, fullPage: true });

  // The meter: the balance falls by the price with each charged minute.
  await expect(meter(page, 'minutes')).toHaveText('1', { timeout: 30_000 });
  const afterOne = await coinsIn(page, 'balance');
  expect(afterOne).toBe(40 - price);
  expect(await coinsIn(page, 'spent')).toBe(price);
  await expect(meter(page, 'minutes')).toHaveText('2', { timeout: 30_000 });
  // Coins shown: spent rounds up, the balance down, so together they are the 40 coins paid in.
  const spent = await coinsIn(page, 'spent');
  expect(spent).toBeGreaterThan(price);
  expect(await coinsIn(page, 'balance')).toBe(40 - spent);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/live-390.png`, fullPage: true });

  // Money runs out: 501, the exit dialog with the reason in words, the receipt and the rating.
  const exit = page.getByRole('dialog', { name: 'The chat has ended' });
  await expect(exit).toBeVisible({ timeout: 90_000 });
  await expect(exit).toContainText('Reason: No-money limit (code 501)');
  const rows = exit.locator('tr[data-receipt-minute]');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  const minutes = await rows.count();
  expect(minutes).toBeGreaterThanOrEqual(Math.floor(40 / price));
  await expect(exit.locator('[data-receipt-total]')).toHaveText('40 coins');
  // The receipt's exact total is what left the wallet, and nothing is left: at 501 the started last
  // minute takes the whole rest of the balance (decision 0038, "Never beyond the funds").
  const charged = Number(await exit.locator('[data-receipt-cents]').getAttribute('data-receipt-cents'));
  const left = await fixtures.balanceCentsOf(page, clientIp);
  expect(charged).toBe(1000);
  expect(left).toBe(0);
  await expect(meter(page, 'balance')).toHaveText('0 coins');
  await page.screenshot({ path: `${SHOTS}/exit-390.png`, fullPage: false });
  await exit.getByRole('button', { name: 'Great' }).click();
  await expect(exit.getByText('Thank you for your rating.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/exit-1280.png`, fullPage: false });
  await exit.getByRole('button', { name: 'Close' }).click();
  await expect(exit).toBeHidden();
  await expect(page.getByRole('button', { name: 'Start live chat' })).toBeFocused();
});

/** The tab's words in each language (packages/i18n/src/messages/live-chat.ts and money.ts; tests don't reuse the code). */
const WORDS = {
  de: { start: 'Livechat starten', perMinute: /^\d+ Coins pro Minute$/ },
  en: { start: 'Start live chat', perMinute: /^\d+ coins per minute$/ },
  nl: { start: 'Livechat starten', perMinute: /^\d+ coins per minuut$/ },
  es: { start: 'Iniciar chat en directo', perMinute: /^\d+ monedas por minuto$/ },
} as const;

for (const lang of ['de', 'en', 'nl', 'es'] as const) {
  test(`${lang}: a visitor sees the live chat's price and start in the page language; start asks for the login`, async ({
    page,
    baseURL,
  }) => {
    await fixtures.decideConsent(page.context(), baseURL, { adult: true });
    const profile = (await anOnlinePerformer(page)).replace(/^\/en\//, `/${lang}/`);
    await fixtures.gotoReady(page, `${profile}live-show/`);
    await expect(page.locator('.live-start [data-chat-type="livechat"] [data-live-price]')).toHaveText(
      WORDS[lang].perMinute,
    );
    const start = page.getByRole('button', { name: WORDS[lang].start });
    await fixtures.expectNoSeriousAxeViolations(page, `live-show tab ${lang}`);
    await start.focus();
    await page.keyboard.press('Enter');
    const frame = page.frameLocator('iframe.payment-dialog__frame');
    await expect(frame.locator('[data-view="login"]')).toBeVisible({ timeout: 30_000 });
  });
}
