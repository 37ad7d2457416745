/**
 * Issue 16 "Done when: cam2cam with the fake camera", in real Chromium against the real server
 * (embedded media: werift; the simulated performer accepts and, watching the guest camera through the
 * media port, says once it sees it). Chromium's fake camera (`--use-fake-device-for-media-stream
 * --use-fake-ui-for-media-stream`, for this spec only) is the guest's webcam:
 * - a tile on /cams/ leads into the performer's live page, whose start area offers the chat types;
 * - a guest with 10 € starts a video call from the keyboard (`?chat=video-call` selects it): the page
 *   shows the guest's own preview, publishes it, the performer side receives its frames (the
 *   performer's "I can see you" in the chat), the performer's video decodes, and the minutes are
 *   charged at the video call's price; the end shows it on the receipt.
 * Screenshots at 390 px and 1280 px in /tmp/live-cam2cam-shots.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import * as fixtures from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { countDecodedFrames, decodedFrames } from './live-frames.ts';
import { anOnlinePerformer, liveVideo, topUpByApi, verifyAge } from './live-helpers.ts';
import { CHROMIUM_ARGS } from './playwright.config.ts';

const SHOTS = '/tmp/live-cam2cam-shots';
/** The simulated performer's words once the guest camera reaches it (packages/i18n performer-replies `seeYou`). */
const SEES_YOU = 'I can see you now on your camera. Hi there!';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera'],
});

const offer = (page: Page, type: string) => page.locator(`.live-offer[data-chat-type="${type}"]`);
const coinsOf = async (page: Page, selector: string) =>
  Number((await page.locator(selector).innerText()).replace(/\D/g, ''));
const meter = (page: Page, name: string) => page.locator(`[data-live-meter="${name}"]`);

test('a tile of an online performer on /cams/ leads into the live page with its chat offers', async ({
  page,
  baseURL,
}) => {
  await fixtures.decideConsent(page.context(), baseURL, { adult: true });
  await fixtures.gotoReady(page, '/en/cams/');
  const tile = page.locator('a[data-tile-live]').first();
  const href = await tile.getAttribute('href');
  expect(href).toMatch(/^\/en\/amateur\/[^/]+\/live-show\/$/);
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { name: /^Go live with / })).toBeVisible();
  await expect(offer(page, 'livechat')).toBeVisible();
  await expect(offer(page, 'video-call').locator('[data-live-price]')).toHaveText(/^\d+ coins per minute$/);
});

test('a guest with 10 € starts a video call with the fake camera: own preview, camera at the performer, performer video, billed at the video call price', async ({
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await fixtures.decideConsent(page.context(), baseURL);
  const guest = await fixtures.signUpByApi(page, clientIp, fixtures.newGuest('cam2cam'));
  await verifyAge(page, request, clientIp, guest.id);
  await topUpByApi(page, clientIp, 1000);
  const profile = await anOnlinePerformer(page);

  // ?chat=video-call: the offer a link asked for is marked and has the focus; Enter starts it.
  await fixtures.gotoReady(page, `${profile}live-show/?chat=video-call`);
  const start = page.getByRole('button', { name: 'Start video call' });
  await expect(start).toBeFocused({ timeout: 15_000 });
  await expect(offer(page, 'video-call')).toHaveAttribute('data-selected', '');
  await expect(offer(page, 'video-call').locator('h4')).toHaveText('Video call (cam2cam)');
  const price = await coinsOf(page, '.live-offer[data-chat-type="video-call"] [data-live-price]');
  expect(price).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/offers-390.png`, fullPage: true });
  await page.keyboard.press('Enter');

  await expect(page.locator('[data-live-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.live-room [data-live-price]')).toHaveText(`${price} coins per minute`);
  // The guest's own camera: the fake device's picture plays in the preview.
  const preview = page.getByLabel('Your camera');
  await countDecodedFrames(preview);
  await expect.poll(() => decodedFrames(preview), { timeout: 15_000 }).toBeGreaterThan(5);
  // Accepted: the camera is published and its transport is up...
  await expect(page.locator('.live-camera[data-camera-state="sending"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/receives your camera\.$/)).toBeVisible();
  // ... its frames reach the media server and the performer side, which says so in the chat.
  await expect(page.locator('.live-chat__line[data-from="performer"]', { hasText: SEES_YOU })).toBeVisible({
    timeout: 30_000,
  });
  // The performer's video decodes.
  await expect(page.locator('[data-player-state="playing"]')).toBeVisible({ timeout: 30_000 });
  await countDecodedFrames(liveVideo(page));
  await expect.poll(() => decodedFrames(liveVideo(page)), { timeout: 10_000 }).toBeGreaterThan(10);
  await page.screenshot({ path: `${SHOTS}/cam2cam-390.png`, fullPage: true });

  // Billed at the video call's price: the first charged minute costs it.
  await expect(meter(page, 'minutes')).toHaveText('1', { timeout: 30_000 });
  expect(await coinsOf(page, '[data-live-meter="spent"]')).toBe(price);
  expect(await coinsOf(page, '[data-live-meter="balance"]')).toBe(40 - price);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/cam2cam-1280.png`, fullPage: true });

  // The guest ends it: the receipt lists the whole minute at the video call's price.
  await page.getByRole('button', { name: 'End chat' }).click();
  const exit = page.getByRole('dialog', { name: 'The chat has ended' });
  await expect(exit).toContainText('Reason: Exit (code 100)', { timeout: 15_000 });
  const first = exit.locator('tr[data-receipt-minute]').first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  await expect(first).toContainText(`${price} coins`);
  // The camera is off once the chat ended.
  await expect(page.getByLabel('Your camera')).toHaveCount(0);
  await exit.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Start video call' })).toBeFocused({ timeout: 15_000 });
});
