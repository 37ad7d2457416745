/**
 * Issue 18 deliverable 3, the conversion chat (decision 0047), in real Chromium against the real
 * server: a new guest (never paid, age checked: live streams are FSK-18) starts the free trial on
 * /free-chat/ (spec 7 guest/conversionChat enable), the spec 2 modal `conversion-chat` shows the
 * countdown and the performers available for it (spec 9: 30), the guest redeems the trial code
 * (spec 9; 5 chat-minute vouchers), starts the free chat with one performer and sees the video; the
 * vouchers pay, the wallet stays at 0. A reload of another page while the countdown runs opens the
 * modal again; "No thanks" ends it for good.
 */
import { mkdirSync } from 'node:fs';
import * as fixtures from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { ageCheckedGuest, liveVideo } from './live-helpers.ts';

const SHOTS = '/tmp/d-shots';

test('a new guest starts the free trial, sees the countdown and performers, redeems the trial code and free-chats with video', async ({
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  await ageCheckedGuest(page, request, clientIp, baseURL, 'conv');

  await fixtures.gotoReady(page, '/en/free-chat/');
  const offer = page.locator('[data-conversion-offer]');
  await expect(offer.getByRole('heading', { name: 'New here? Chat for free' })).toBeVisible();
  const enabled = page.waitForResponse((r) => r.url().includes('/rest/v1/guest/conversionChat'));
  await offer.getByRole('button', { name: 'Start my free trial' }).click();
  expect((await enabled).status()).toBe(200);

  const modal = page.getByRole('dialog', { name: 'Your free trial chat' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('timer')).toHaveText(/^Time left to start: 1[45]:\d\d$/);
  const actors = modal.locator('[data-conversion-actor]');
  await expect(actors.first()).toBeVisible();
  const count = await actors.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(30);

  await modal.getByRole('button', { name: 'Get my free minutes' }).click();
  await expect(
    modal.getByRole('status').filter({ hasText: 'Your free chat minutes are ready.' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/conversion-modal-390.png` });

  // One of the performers, at random (parallel tests may keep another busy).
  const pick = actors.nth(Math.floor(Math.random() * count));
  const name = (await pick.getAttribute('data-conversion-actor')) ?? '';
  await pick.getByRole('link', { name: `Start free chat with ${name}` }).click();
  await expect(page).toHaveURL(/\/live-show\/\?chat=livechat$/);
  await expect(modal).toBeHidden();

  const start = page.getByRole('button', { name: 'Start live chat' });
  await expect(start).toBeVisible({ timeout: 20_000 });
  await start.click();
  await expect(page.locator('[data-live-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-player-state="playing"]')).toBeVisible({ timeout: 30_000 });
  await expect(liveVideo(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/conversion-live-390.png` });
  // The trial's vouchers pay: no money moved.
  expect(await fixtures.balanceCentsOf(page, clientIp)).toBe(0);
});

test('while the countdown runs a page load opens the modal; "No thanks" ends it for good', async ({
  page,
  clientIp,
  baseURL,
}) => {
  await fixtures.decideConsent(page.context(), baseURL);
  await fixtures.signUpByApi(page, clientIp, fixtures.newGuest('convno'));
  const enabled = await page.request.post('/rest/v1/guest/conversionChat', {
    data: { action: 'enable' },
    headers: fixtures.clientHeaders(clientIp),
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);

  await fixtures.gotoReady(page, '/de/');
  const modal = page.getByRole('dialog', { name: 'Dein Gratis-Testchat' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('timer')).toHaveText(/^Noch Zeit zum Starten: 1[45]:\d\d$/);
  const closed = page.waitForResponse((r) => r.url().includes('/rest/v1/guest/conversionChat'));
  await modal.getByRole('button', { name: 'Nein danke' }).click();
  expect((await closed).status()).toBe(200);
  await expect(modal).toBeHidden();

  await fixtures.gotoReady(page, '/de/');
  await expect(page.locator('[data-conversion-chat]')).toHaveCount(0);
  const again = await page.request.post('/rest/v1/guest/conversionChat', {
    data: { action: 'enable' },
    headers: fixtures.clientHeaders(clientIp),
  });
  expect(again.status()).toBe(409);
});
