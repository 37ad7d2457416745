/**
 * Paid media in the messenger in real Chromium against the real server (issue 19 deliverable 2): a
 * performer (its own token, the performer API) sends a paid photo into a guest's open conversation; it
 * arrives locked live on both tabs of the guest; "Buy for 20 coins" charges the price once; the photo
 * opens (its signed URL serves the picture); the media library's photos/messenger section lists it and
 * opens it in a dialog. A paid clip the same way: locked live, bought once, it plays (HLS through the
 * site's player) in the conversation on both tabs, and the media library's videos/messenger section
 * lists it and plays it in a dialog. Each test imports its own performer, so no other spec writes to it.
 */

import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  balanceCentsOf,
  clientHeaders,
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  importActors,
  test,
} from './fixtures.ts';
import { ageCheckedGuest, topUpByApi } from './live-helpers.ts';
import { E2E_PERFORMER_SECRET } from './playwright.config.ts';

const SHOTS = '/tmp/shots-messenger-media';
const START_CENTS = 2000;
const PRICE_CENTS = 500;
const CLIP_PRICE_CENTS = 1000;

/** Literal texts (packages/i18n messenger.ts, mediathek.ts; a test must not reuse the code). */
const TEXT = {
  buy: 'Buy for 20 coins',
  caption: 'Only for you, from the beach',
  title: 'Photo from the messenger',
  close: 'Close',
  price: '20 coins',
  open: /^Open the photo bought on /,
  clipBuy: 'Buy for 40 coins',
  clipCaption: 'A short clip from today',
  clipOpen: 'Open the clip',
  clipTitle: 'Clip from the messenger',
  clipPrice: '40 coins',
  clipTileOpen: /^Play the clip bought on /,
  clipsEmpty: 'You have not bought any clips in the messenger yet.',
};

/** The performer API's header for `actorId` (docs/PERFORMER-API.md). */
const asPerformer = (actorId: number) => ({
  'x-performer-token': `${actorId}.${createHmac('sha256', E2E_PERFORMER_SECRET).update(`vela-performer:${actorId}`, 'utf8').digest('base64url')}`,
});

/** A new performer (imported for this test) and the guest's channel to it. */
async function performerWithChannel(
  page: Page,
  request: APIRequestContext,
  clientIp: string,
  prefix: string,
) {
  const name = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await importActors(request, [{ name, countryCode: 'DE', zipCode: '10115', lat: 52.53, lon: 13.38 }]);
  const found = await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${name}`);
  expect(found.ok(), await found.text()).toBe(true);
  const actorId = Number(((await found.json()) as { data: { id: number | string } }).data.id);
  const opened = await page.request.post(`/rest/v1/channel/actor/${actorId}`, {
    headers: clientHeaders(clientIp),
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const channelId = ((await opened.json()) as { data: { channel: { channelId: string } } }).data.channel
    .channelId;
  return { name, actorId, channelId };
}

/** The media element's facts: metadata loaded (readyState >= 1) and its length known. */
const videoFacts = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((video: HTMLVideoElement) => ({ readyState: video.readyState, duration: video.duration || 0 }));

/** An age-checked guest with START_CENTS, and its channel to a new performer. */
async function guestWithPerformer(
  page: Page,
  request: APIRequestContext,
  clientIp: string,
  baseURL: string | undefined,
  prefix: string,
) {
  await ageCheckedGuest(page, request, clientIp, baseURL, prefix);
  await topUpByApi(page, clientIp, START_CENTS);
  return performerWithChannel(page, request, clientIp, prefix);
}

/** A second tab of the guest; both tabs open the conversation. Page errors of the second are collected too. */
async function bothTabsInConversation(page: Page, channelId: string, pageErrors: string[]) {
  const second = await page.context().newPage();
  second.on('pageerror', (error) => pageErrors.push(`second tab: ${error.message}`));
  for (const tab of [page, second]) {
    await gotoReady(tab, `/en/messenger/?channel=${channelId}`);
    await expect(tab.locator('[data-conversation]')).toBeVisible();
  }
  return second;
}

/** The performer sends paid media into the channel (performer API); answers its media id. */
async function sendPaidMedia(
  request: APIRequestContext,
  actorId: number,
  channelId: string,
  media: { kind: 'photo' | 'clip'; priceCents: number; caption: string },
) {
  const sent = await request.post(`/rest/v1/performer/messenger/channels/${channelId}/media`, {
    headers: asPerformer(actorId),
    data: { ...media, idempotencyKey: `e2e-${channelId}-${media.kind}` },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { data: { mediaId: string } }).data.mediaId;
}

/** The media arrived locked in the tab: its buy button, and the performer's caption in the log. */
async function expectLocked(tab: Page, mediaId: string, buy: string, caption: string) {
  const locked = tab.locator(`[data-media-locked="${mediaId}"]`);
  await expect(locked).toBeVisible();
  await expect(locked.getByRole('button', { name: buy })).toBeVisible();
  await expect(tab.locator('li[data-sender="actor"]', { hasText: caption })).toBeVisible();
}

/** A second buy (another key, as from the other tab): already bought, nothing charged. */
async function expectBuyingAgainChargesNothing(
  page: Page,
  clientIp: string,
  channelId: string,
  mediaId: string,
  balanceCents: number,
) {
  const again = await page.request.post(`/rest/v1/messenger/channel/${channelId}/media/${mediaId}/buy`, {
    headers: clientHeaders(clientIp),
    data: { idempotencyKey: `e2e-${mediaId}-again` },
  });
  expect(((await again.json()) as { data: { alreadyBought: boolean } }).data.alreadyBought).toBe(true);
  expect(await balanceCentsOf(page, clientIp)).toBe(balanceCents);
}

/**
 * The media library's messenger section at `url` lists the media: its tile with the price, the
 * performer and a loaded picture, and no serious axe violation. Answers the tile.
 */
async function libraryTile(
  page: Page,
  url: string,
  mediaId: string,
  expected: { price: string; name: string; axe: string },
) {
  await gotoReady(page, url);
  const tile = page.locator(`[data-messenger-media-id="${mediaId}"]`);
  await expect(tile).toBeVisible();
  await expect(tile).toContainText(expected.price);
  await expect(tile).toContainText(`by ${expected.name}`);
  await expect
    .poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousAxeViolations(page, expected.axe, '.mediathek-body');
  return tile;
}

test('en: a performer sends a paid photo; the guest sees it locked live, buys it once, opens it and finds it in the media library; a second tab follows', async ({
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const { name, actorId, channelId } = await guestWithPerformer(page, request, clientIp, baseURL, 'MsgMedia');

  const second = await bothTabsInConversation(page, channelId, pageErrors);
  let mediaId = '';

  await test.step('the performer lists the channel and sends a paid photo: locked on both tabs, live', async () => {
    const channels = await request.get('/rest/v1/performer/messenger/channels', {
      headers: asPerformer(actorId),
    });
    expect(channels.ok(), await channels.text()).toBe(true);
    const listed = ((await channels.json()) as { data: { channels: { channelId: string }[] } }).data.channels;
    expect(listed.map((channel) => channel.channelId)).toContain(channelId);
    mediaId = await sendPaidMedia(request, actorId, channelId, {
      kind: 'photo',
      priceCents: PRICE_CENTS,
      caption: TEXT.caption,
    });
    for (const tab of [page, second]) await expectLocked(tab, mediaId, TEXT.buy, TEXT.caption);
    await expect(page.locator('[data-media-open]')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/locked-1280.png` });
  });

  await test.step('"Buy for 20 coins": the balance falls by the price once; the photo opens on both tabs', async () => {
    await page.locator(`[data-media-locked="${mediaId}"]`).getByRole('button', { name: TEXT.buy }).click();
    const photo = page.locator('[data-media-open] img');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await balanceCentsOf(page, clientIp)).toBe(START_CENTS - PRICE_CENTS);
    await expect(second.locator('[data-media-open] img')).toBeVisible();
    await expect(second.locator(`[data-media-locked="${mediaId}"]`)).toHaveCount(0);
    await expectBuyingAgainChargesNothing(page, clientIp, channelId, mediaId, START_CENTS - PRICE_CENTS);
    await page.screenshot({ path: `${SHOTS}/bought-1280.png` });
  });

  await test.step('the media library lists it under photos / messenger and opens it (keyboard)', async () => {
    const tile = await libraryTile(page, '/en/myvela/mediathek/photos/messenger/', mediaId, {
      price: TEXT.price,
      name,
      axe: 'mediathek messenger photos',
    });
    await page.screenshot({ path: `${SHOTS}/mediathek-1280.png` });
    await tile.getByRole('button', { name: TEXT.open }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: TEXT.title });
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/mediathek-dialog-1280.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(tile.getByRole('button', { name: TEXT.open })).toBeFocused();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: `${SHOTS}/mediathek-390.png` });
  });

  expect(pageErrors).toEqual([]);
});

test('en: a performer sends a paid clip; locked live on both tabs, bought once, it plays in the conversation on both tabs and in the media library under videos / messenger', async ({
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const { name, actorId, channelId } = await guestWithPerformer(page, request, clientIp, baseURL, 'MsgClip');

  await test.step('the media library says how clips get there while there are none', async () => {
    await gotoReady(page, '/en/myvela/mediathek/videos/messenger/');
    await expect(page.getByText(TEXT.clipsEmpty)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/clips-empty-1280.png` });
  });

  const second = await bothTabsInConversation(page, channelId, pageErrors);
  let mediaId = '';

  await test.step('the performer sends a paid clip: locked on both tabs, live, no byte of it', async () => {
    mediaId = await sendPaidMedia(request, actorId, channelId, {
      kind: 'clip',
      priceCents: CLIP_PRICE_CENTS,
      caption: TEXT.clipCaption,
    });
    for (const tab of [page, second]) {
      await expectLocked(tab, mediaId, TEXT.clipBuy, TEXT.clipCaption);
      await expect(tab.locator('video, [data-clip-poster]')).toHaveCount(0);
    }
    await page.screenshot({ path: `${SHOTS}/clip-locked-1280.png` });
  });

  await test.step('"Buy for 40 coins": charged once; the clip plays in place on both tabs', async () => {
    await page
      .locator(`[data-media-locked="${mediaId}"]`)
      .getByRole('button', { name: TEXT.clipBuy })
      .click();
    const poster = page.getByRole('button', { name: TEXT.clipOpen });
    await expect(poster).toBeVisible();
    await expect
      .poll(() => poster.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await balanceCentsOf(page, clientIp)).toBe(START_CENTS - CLIP_PRICE_CENTS);
    await page.screenshot({ path: `${SHOTS}/clip-bought-1280.png` });
    await poster.click();
    await expect(page.locator('[data-clip-player] video')).toHaveCount(1);
    await expect
      .poll(async () => (await videoFacts(page, '[data-clip-player] video')).readyState)
      .toBeGreaterThanOrEqual(1);
    expect((await videoFacts(page, '[data-clip-player] video')).duration).toBeGreaterThan(0);
    // A frame of the clip was presented (the player marks it: VideoPlayer's data-first-frame).
    await expect(page.locator('[data-clip-player] video')).toHaveAttribute('data-first-frame', /^\d/);
    await page.screenshot({ path: `${SHOTS}/clip-playing-1280.png` });

    // The second tab got the bought message live and plays it too.
    await expect(second.locator(`[data-media-locked="${mediaId}"]`)).toHaveCount(0);
    await second.getByRole('button', { name: TEXT.clipOpen }).click();
    await expect
      .poll(async () => (await videoFacts(second, '[data-clip-player] video')).readyState)
      .toBeGreaterThanOrEqual(1);
    expect((await videoFacts(second, '[data-clip-player] video')).duration).toBeGreaterThan(0);
    await second.close();

    await expectBuyingAgainChargesNothing(page, clientIp, channelId, mediaId, START_CENTS - CLIP_PRICE_CENTS);
  });

  await test.step('the media library lists it under videos / messenger and plays it in a dialog (keyboard, Escape)', async () => {
    const tile = await libraryTile(page, '/en/myvela/mediathek/videos/messenger/', mediaId, {
      price: TEXT.clipPrice,
      name,
      axe: 'mediathek messenger clips',
    });
    await page.screenshot({ path: `${SHOTS}/clips-mediathek-1280.png` });
    await tile.getByRole('button', { name: TEXT.clipTileOpen }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: TEXT.clipTitle });
    await expect(dialog).toBeVisible();
    await expect
      .poll(async () => (await videoFacts(page, 'dialog [data-clip-player] video')).readyState)
      .toBeGreaterThanOrEqual(1);
    expect((await videoFacts(page, 'dialog [data-clip-player] video')).duration).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/clips-mediathek-dialog-1280.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(tile.getByRole('button', { name: TEXT.clipTileOpen })).toBeFocused();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: `${SHOTS}/clips-mediathek-390.png` });
    // Not among the photos.
    await gotoReady(page, '/en/myvela/mediathek/photos/messenger/');
    await expect(page.locator(`[data-messenger-media-id="${mediaId}"]`)).toHaveCount(0);
  });

  expect(pageErrors).toEqual([]);
});
