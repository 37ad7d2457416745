/**
 * Steps the purchase browser tests share (buy-video.spec.ts, vip-videos.spec.ts): a new guest whose
 * age check is accepted (FSK-18 videos), with money on the wallet when asked, and the page errors
 * collected for the test's end; the guest's purchases as the page's session reads them.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { clientHeaders, expect } from './fixtures.ts';
import { ageCheckedGuest, topUpByApi } from './live-helpers.ts';

/** A new age-checked guest in the page's browser with `cents` on the wallet; answers the page errors seen. */
export async function buyingGuest(
  page: Page,
  fixtures: { request: APIRequestContext; clientIp: string; baseURL: string | undefined },
  prefix: string,
  cents: number,
): Promise<string[]> {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await ageCheckedGuest(page, fixtures.request, fixtures.clientIp, fixtures.baseURL, prefix);
  if (cents > 0) await topUpByApi(page, fixtures.clientIp, cents);
  return pageErrors;
}

/** The guest's purchases (spec 7 guest/purchases). */
export async function purchasesOf(
  page: Page,
  clientIp: string,
): Promise<{ itemId: string; priceCents: number }[]> {
  const response = await page.request.get('/rest/v1/guest/purchases', { headers: clientHeaders(clientIp) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { purchases: { itemId: string; priceCents: number }[] } }).data
    .purchases;
}

/** The media time of the open player (spec 2 modal video-with-player). */
export function playerVideo(page: Page) {
  return page.locator('[role="dialog"][data-modal-id="video-with-player"] video');
}

/**
 * Plays the open player's video at `rate` once it plays: the media time still comes from the segments
 * the server hands out (a preview's playlist ends at 20 s whatever the speed), the test only waits less.
 */
export async function fastForward(page: Page, rate = 4): Promise<void> {
  const video = playerVideo(page);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement, r: number) => {
    v.playbackRate = r;
  }, rate);
}

/** Waits until the open player's video played past `seconds` (it plays in full, not a preview). */
export async function expectPlayedPast(page: Page, seconds: number): Promise<void> {
  const video = playerVideo(page);
  await expect(video).toHaveAttribute('data-access', 'full', { timeout: 20_000 });
  await fastForward(page);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(seconds);
}
