/**
 * Realtime in real Chromium against the real server (issue 6 "Done when"), with two browser
 * contexts: a logged-in guest (two tabs) and a visitor. A performer goes online (operator API) and,
 * without a reload, the guest's favorite list and online badge, the navbar's unread badge and a
 * floating notification appear, and the visitor's profile page and online count follow; the
 * notification is marked seen and read from the navbar menu, on every tab. Then the server restarts
 * and the page reconnects by itself and gets what happens next, still without a reload.
 *
 * Runs in its own project after all other browser tests (playwright.config.ts): presence changes
 * and the restart would disturb them.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { clientHeaders, decideConsent, expect, gotoReady, newGuest, signUpByApi, test } from './fixtures.ts';
import { E2E_INTERNAL_TOKEN, E2E_SERVER_PID_FILE } from './playwright.config.ts';

const SHOTS = '/tmp/shots';
const operator = { 'x-internal-token': E2E_INTERNAL_TOKEN };

/** Expected texts of packages/i18n/src/messages/live.ts and notifications.ts (literal on purpose). */
const TEXT = {
  pin: 'Add to favorites',
  unpin: 'Remove from favorites',
  favoritesTitle: 'Favorite models',
  online: (name: string) => `${name} is online now`,
};

test.describe.configure({ mode: 'serial' });

/** A demo actor without banned countries (found through the public REST call). */
async function anActor(request: APIRequestContext): Promise<{ id: number; slug: string; name: string }> {
  for (let id = 380; id > 0; id--) {
    const response = await request.get(`/rest/v1/actor/getActorDataByIdOrName/${id}`);
    if (response.status() !== 200) continue;
    const { data } = (await response.json()) as {
      data: { id: number; slug: string; name: string; bannedCountryCodes: string[] };
    };
    if (data.bannedCountryCodes.length === 0)
      return { id: Number(data.id), slug: data.slug, name: data.name };
  }
  throw new Error('no demo actor without banned countries');
}

async function presence(request: APIRequestContext, actorId: number, online: boolean) {
  const response = await request.post(`/rest/v1/internal/actors/${actorId}/presence`, {
    headers: operator,
    data: { online },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data as { onlineTotal: number; notified: number };
}

async function notify(request: APIRequestContext, guestId: string, text: string) {
  const response = await request.post(`/rest/v1/internal/guests/${guestId}/notifications`, {
    headers: operator,
    data: { type: 9, params: { text } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

let guest: { id: string; screenName: string; password: string };
let actor: { id: number; slug: string; name: string };

/**
 * Resolves once `page`'s socket has received its `ackSession` (the server answers in arrival order, and
 * events of the page's channels reach it from then on). Call before the page loads.
 */
function socketAcknowledged(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"ackSession"')) resolve();
      });
    });
  });
}

test('a performer goes online: the guest’s favorites, badge and notifications and the visitor’s page update without reload; seen and read on every tab; going offline leaves the recommended models', async ({
  page,
  browser,
  baseURL,
  clientIp,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await decideConsent(page.context(), baseURL);
  guest = await signUpByApi(page, clientIp, newGuest('rt'));
  actor = await anActor(request);
  await presence(request, actor.id, false);

  // Guest, tab 1: pins the actor on the profile page.
  await gotoReady(page, `/en/amateur/${actor.slug}/`);
  const pin = page.getByRole('button', { name: TEXT.pin });
  await expect(pin).toBeEnabled();
  await pin.click();
  await expect(page.getByRole('button', { name: TEXT.unpin })).toHaveAttribute('aria-pressed', 'true');

  // Guest, tab 1: the guest area with the favorites block; tab 2: the home page.
  await gotoReady(page, '/en/myvela/');
  const favorites = page.locator('[data-favorites]');
  await expect(favorites.getByRole('heading', { name: new RegExp(TEXT.favoritesTitle) })).toBeVisible();
  const item = favorites.locator(`[data-favorite-actor="${actor.id}"]`);
  await expect(item).toHaveAttribute('data-online', 'false');
  await expect(favorites.locator('[data-favorites-online]')).toHaveAttribute('data-favorites-online', '0');
  const tab2 = await page.context().newPage();
  const tab2Live = socketAcknowledged(tab2);
  await gotoReady(tab2, '/en/');

  // Visitor (second browser context): the actor's profile, offline.
  const visitorContext = await browser.newContext();
  await decideConsent(visitorContext, baseURL);
  const visitor = await visitorContext.newPage();
  const visitorLive = socketAcknowledged(visitor);
  await gotoReady(visitor, `/en/amateur/${actor.slug}/`);
  await expect(visitor.locator('.profile__intro .status')).toHaveText('Offline');
  // The page's socket connects once the page is idle after its load: the presence change below must
  // find it there (an event published before the socket has its session is not replayed to a visitor).
  await Promise.all([tab2Live, visitorLive]);
  const countBefore = Number(await visitor.locator('[data-online-count]').getAttribute('data-online-count'));
  // Pages are live once their socket has its session.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await visitor.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  const result = await presence(request, actor.id, true);
  expect(result.notified).toBe(1);

  // The guest's favorites and badges, without a reload.
  await expect(item).toHaveAttribute('data-online', 'true');
  await expect(favorites.locator('[data-favorites-online]')).toHaveAttribute('data-favorites-online', '1');
  await expect(page.locator('[data-badge="notifications"]')).toHaveText('1');
  const toast = page.locator('[data-floating-notification]');
  await expect(toast).toHaveText(new RegExp(TEXT.online(actor.name)));
  await expect(tab2.locator('[data-badge="notifications"]')).toHaveText('1');
  await expect(tab2.locator('[data-floating-notification]')).toHaveCount(1);
  // The visitor's page follows too.
  await expect(visitor.locator('.profile__intro .status')).toHaveText('Online now');
  await expect(visitor.locator('[data-online-count]')).toHaveAttribute(
    'data-online-count',
    String(result.onlineTotal),
  );
  expect(result.onlineTotal).toBe(countBefore + 1);
  await page.screenshot({ path: `${SHOTS}/realtime-favorite-online.png` });

  // The bell: the newest notifications; opening it marks them seen (the toasts go, on both tabs).
  await page.getByRole('button', { name: /Notifications, 1 unread notification/ }).click();
  const list = page.locator('[data-notifications-list]');
  const entry = list.locator('[data-notification-id]').first();
  await expect(entry).toContainText(TEXT.online(actor.name));
  await expect(entry).toHaveAttribute('data-unread', 'true');
  await expect(toast).toHaveCount(0);
  await expect(tab2.locator('[data-floating-notification]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/realtime-notifications-menu.png` });
  // Read: the unread badge goes on every tab.
  await entry.getByRole('button', { name: 'Mark as read' }).click();
  await expect(entry).toHaveAttribute('data-unread', 'false');
  await expect(page.locator('[data-badge="notifications"]')).toHaveCount(0);
  await expect(tab2.locator('[data-badge="notifications"]')).toHaveCount(0);

  // Offline again: the favorite follows.
  await presence(request, actor.id, false);
  await expect(item).toHaveAttribute('data-online', 'false');
  await expect(visitor.locator('.profile__intro .status')).toHaveText('Offline');
  expect(await visitor.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // Spec 4: going offline removes the actor from recommendations (the profile's recommended models).
  const recommended = visitor.locator('[data-recommended-models] a');
  const first = await recommended.first().getAttribute('href');
  expect(first).toMatch(/^\/en\/amateur\/[^/]+\/$/);
  const slug = first!.split('/')[3]!;
  const lookup = await request.get(`/rest/v1/actor/getActorDataByIdOrName/${slug}`);
  const recommendedId = Number((await lookup.json()).data.id);
  await presence(request, recommendedId, false);
  await expect(visitor.locator(`[data-recommended-models] a[href="${first}"]`)).toHaveCount(0);
  await presence(request, recommendedId, true);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await visitorContext.close();
});

test('the server restarts and the page reconnects by itself: what happens afterwards arrives without a reload', async ({
  page,
  baseURL,
  clientIp,
  request,
}) => {
  test.setTimeout(180_000);
  await decideConsent(page.context(), baseURL);
  const login = await page.request.post('/rest/v1/guest/login', {
    headers: clientHeaders(clientIp),
    data: { login: guest.screenName, password: guest.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await gotoReady(page, '/en/myvela/');
  const item = page.locator(`[data-favorite-actor="${actor.id}"]`);
  await expect(item).toHaveAttribute('data-online', 'false');
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // Restart (SIGUSR2 to e2e/start-server.ts: the same storage, a new process).
  const pid = Number(readFileSync(E2E_SERVER_PID_FILE, 'utf8'));
  process.kill(pid, 'SIGUSR2');
  await expect
    .poll(async () => (await request.get('/rest/v1/alive').catch(() => null))?.status() ?? 0, {
      timeout: 120_000,
      intervals: [250, 500, 1000],
    })
    .not.toBe(200);
  await expect
    .poll(async () => (await request.get('/rest/v1/alive').catch(() => null))?.status() ?? 0, {
      timeout: 120_000,
      intervals: [500, 1000],
    })
    .toBe(200);

  // A notification right away (the page may not be back yet): the resync after the reconnect or
  // the live event brings it; then a live presence change.
  await notify(request, guest.id, 'after the restart');
  await expect(page.locator('[data-badge="notifications"]')).toHaveText('1', { timeout: 30_000 });
  await presence(request, actor.id, true);
  await expect(item).toHaveAttribute('data-online', 'true');
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/realtime-after-restart.png` });
  await presence(request, actor.id, false);
});
