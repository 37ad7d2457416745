/**
 * Paid media in the messenger in real Chromium against the real server (issue 19 deliverable 2): a
 * performer (its own token, the performer API) sends a paid photo into a guest's open conversation; it
 * arrives locked live on both tabs of the guest; "Buy for 20 coins" charges the price once; the photo
 * opens (its signed URL serves the picture); the media library's photos/messenger section lists it and
 * opens it in a dialog. The performer is imported for this test, so no other spec writes to it.
 */
import { createHmac } from 'node:crypto';
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

/** Literal texts (packages/i18n messenger.ts, mediathek.ts; a test must not reuse the code). */
const TEXT = {
  buy: 'Buy for 20 coins',
  caption: 'Only for you, from the beach',
  title: 'Photo from the messenger',
  close: 'Close',
  price: '20 coins',
  open: /^Open the photo bought on /,
};

/** The performer API's header for `actorId` (docs/PERFORMER-API.md). */
const asPerformer = (actorId: number) => ({
  'x-performer-token': `${actorId}.${createHmac('sha256', E2E_PERFORMER_SECRET).update(`vela-performer:${actorId}`, 'utf8').digest('base64url')}`,
});

test('en: a performer sends a paid photo; the guest sees it locked live, buys it once, opens it and finds it in the media library; a second tab follows', async ({
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await ageCheckedGuest(page, request, clientIp, baseURL, 'MsgMedia');
  await topUpByApi(page, clientIp, START_CENTS);
  const name = `MsgMedia${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
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

  const second = await page.context().newPage();
  second.on('pageerror', (error) => pageErrors.push(`second tab: ${error.message}`));
  for (const tab of [page, second]) {
    await gotoReady(tab, `/en/messenger/?channel=${channelId}`);
    await expect(tab.locator('[data-conversation]')).toBeVisible();
  }
  let mediaId = '';

  await test.step('the performer lists the channel and sends a paid photo: locked on both tabs, live', async () => {
    const channels = await request.get('/rest/v1/performer/messenger/channels', {
      headers: asPerformer(actorId),
    });
    expect(channels.ok(), await channels.text()).toBe(true);
    const listed = ((await channels.json()) as { data: { channels: { channelId: string }[] } }).data.channels;
    expect(listed.map((channel) => channel.channelId)).toContain(channelId);
    const sent = await request.post(`/rest/v1/performer/messenger/channels/${channelId}/media`, {
      headers: asPerformer(actorId),
      data: {
        kind: 'photo',
        priceCents: PRICE_CENTS,
        caption: TEXT.caption,
        idempotencyKey: `e2e-${channelId}-photo`,
      },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    mediaId = ((await sent.json()) as { data: { mediaId: string } }).data.mediaId;
    for (const tab of [page, second]) {
      const locked = tab.locator(`[data-media-locked="${mediaId}"]`);
      await expect(locked).toBeVisible();
      await expect(locked.getByRole('button', { name: TEXT.buy })).toBeVisible();
      await expect(tab.locator('li[data-sender="actor"]', { hasText: TEXT.caption })).toBeVisible();
    }
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
    // A second buy (another key, as from the other tab): already bought, nothing charged.
    const again = await page.request.post(`/rest/v1/messenger/channel/${channelId}/media/${mediaId}/buy`, {
      headers: clientHeaders(clientIp),
      data: { idempotencyKey: `e2e-${mediaId}-again` },
    });
    expect(((await again.json()) as { data: { alreadyBought: boolean } }).data.alreadyBought).toBe(true);
    expect(await balanceCentsOf(page, clientIp)).toBe(START_CENTS - PRICE_CENTS);
    await page.screenshot({ path: `${SHOTS}/bought-1280.png` });
  });

  await test.step('the media library lists it under photos / messenger and opens it (keyboard)', async () => {
    await gotoReady(page, '/en/myvela/mediathek/photos/messenger/');
    const tile = page.locator(`[data-messenger-media-id="${mediaId}"]`);
    await expect(tile).toBeVisible();
    await expect(tile).toContainText(TEXT.price);
    await expect(tile).toContainText(`by ${name}`);
    await expect
      .poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page, 'mediathek messenger photos', '.mediathek-body');
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
