/**
 * Ticket shows, the show side, in real Chromium against the real server (issue 18 "Done when"): a
 * guest buys the ticket of a show that starts in a minute; the operator moves the show clock (infra
 * clock.ts, SHOW_CLOCK_ADJUSTABLE: no real minute is waited); at the start the live-show tab offers
 * "Join the show", the holder joins and the performer's video plays, while a non-holder is refused
 * (403 TICKET_REQUIRED, "A ticket is needed"); the performer's private show invitation reaches the
 * holder's second tab.
 */
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { clientHeaders, expect, gotoReady, test } from './fixtures.ts';
import { ageCheckedGuest, liveVideo, onlinePerformerNames, topUpByApi } from './live-helpers.ts';
import { E2E_INTERNAL_TOKEN, E2E_PERFORMER_SECRET } from './playwright.config.ts';

const SHOTS = '/tmp/shots-ticket-show';
/** Literal texts (packages/i18n/src/messages/ticket-show.ts; a test must not reuse the code). */
const TEXT = {
  join: 'Join the show',
  ticketNeeded: /A ticket is needed for/,
  invitation: (name: string) => `${name} invites you to a private show`,
  tag: 'Ticket show · your ticket paid for it',
};

const performerHeaders = (actorId: number) => ({
  'x-performer-token': `${actorId}.${createHmac('sha256', E2E_PERFORMER_SECRET).update(`vela-performer:${actorId}`, 'utf8').digest('base64url')}`,
});

/** The page guest's bearer token (the REST calls a page's scripts make). */
async function bearerOf(page: Page, clientIp: string): Promise<Record<string, string>> {
  const minted = await page.request.post('/rest/v1/guest/accessToken', { headers: clientHeaders(clientIp) });
  expect(minted.ok(), await minted.text()).toBe(true);
  const { accessToken } = ((await minted.json()) as { data: { accessToken: string } }).data;
  return { ...clientHeaders(clientIp), authorization: `Bearer ${accessToken}` };
}

test('en: a ticket for a show starting in a minute admits its holder at the start (video plays) while a non-holder is refused; an invitation reaches a second tab', async ({
  page,
  browser,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const holder = await ageCheckedGuest(page, request, clientIp, baseURL, 'Show');
  await topUpByApi(page, clientIp, 2_000);
  const name = (await onlinePerformerNames(page))[0] ?? '';
  const actor = await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${name}`);
  const actorId = Number(((await actor.json()) as { data: { id: number | string } }).data.id);
  const actorName = ((await actor.json()) as { data: { name: string } }).data.name;

  // The show clock's now (a shift of 0), then a show starting a minute later, scheduled by the performer.
  const operator = { 'x-internal-token': E2E_INTERNAL_TOKEN };
  const clock = await request.post('/rest/v1/internal/show-clock', {
    headers: operator,
    data: { shiftMs: 0 },
  });
  expect(clock.ok(), await clock.text()).toBe(true);
  const now = Date.parse(((await clock.json()) as { data: { now: string } }).data.now);
  const scheduled = await request.post('/rest/v1/performer/shows', {
    headers: performerHeaders(actorId),
    data: {
      title: `E2E show ${now}`,
      startsAt: new Date(now + 60_000).toISOString(),
      endsAt: new Date(now + 60 * 60_000).toISOString(),
      priceCents: 300,
    },
  });
  expect(scheduled.ok(), await scheduled.text()).toBe(true);
  const show = ((await scheduled.json()) as { data: { id: number; title: string } }).data;

  const holderHeaders = await bearerOf(page, clientIp);
  const bought = await page.request.post(`/rest/v1/chatTicket/${show.id}/buy`, {
    headers: holderHeaders,
    data: { creationType: 'C' },
  });
  expect(bought.ok(), await bought.text()).toBe(true);

  await gotoReady(page, `/en/amateur/${name}/live-show/`);
  await expect(page.getByRole('button', { name: 'Start live chat' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: TEXT.join })).toHaveCount(0);
  const early = await page.request.post('/rest/v1/live/start', {
    headers: holderHeaders,
    data: { actorId, type: 'ticket-show', idempotencyKey: `e2e-early-${now}` },
  });
  expect(early.status()).toBe(409);

  await test.step('the show clock reaches the start: the holder joins, the video plays', async () => {
    const moved = await request.post('/rest/v1/internal/show-clock', {
      headers: operator,
      data: { shiftMs: 61_000 },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    const join = page.getByRole('button', { name: TEXT.join });
    await expect(join).toBeVisible({ timeout: 15_000 });
    await join.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-live-phase="live"]')).toBeVisible({ timeout: 20_000 });
    // No price per minute and no cost meter: the ticket paid.
    await expect(page.getByText(TEXT.tag)).toBeVisible();
    await expect
      .poll(() => liveVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    await page.screenshot({ path: `${SHOTS}/joined.png` });
  });

  await test.step('a non-holder is refused', async () => {
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    const otherIp = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await context.setExtraHTTPHeaders(clientHeaders(otherIp));
    await ageCheckedGuest(other, request, otherIp, baseURL, 'NoTix');
    const refused = await other.request.post('/rest/v1/live/start', {
      headers: await bearerOf(other, otherIp),
      data: { actorId, type: 'ticket-show', idempotencyKey: `e2e-refused-${now}` },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string; show: { id: number } } }).error).toMatchObject(
      {
        code: 'TICKET_REQUIRED',
        show: { id: show.id },
      },
    );
    await gotoReady(other, `/en/amateur/${name}/live-show/`);
    await expect(other.getByText(TEXT.ticketNeeded)).toBeVisible({ timeout: 20_000 });
    await expect(other.getByRole('button', { name: TEXT.join })).toHaveCount(0);
    await context.close();
  });

  await test.step('the performer invites the holder: the second tab shows the invitation', async () => {
    const second = await page.context().newPage();
    await gotoReady(second, '/en/');
    // The socket of the second tab has its session once the page is idle (realtime.spec.ts).
    await expect
      .poll(
        async () => {
          const invited = await request.post('/rest/v1/performer/invitations', {
            headers: performerHeaders(actorId),
            data: { guestId: Number(holder.id) },
          });
          expect(invited.ok(), await invited.text()).toBe(true);
          return second.getByText(TEXT.invitation(actorName)).isVisible();
        },
        { timeout: 20_000, intervals: [1_000] },
      )
      .toBe(true);
    await second.screenshot({ path: `${SHOTS}/invitation.png` });
    await second.getByRole('link', { name: 'Go to the show' }).click();
    await expect(second).toHaveURL(new RegExp(`/en/amateur/${name}/live-show/`));
  });

  // Leave the show clock as it was for the specs that share this server.
  await request.post('/rest/v1/internal/show-clock', { headers: operator, data: { shiftMs: -61_000 } });
});
