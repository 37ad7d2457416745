/**
 * In-session interaction (issue 18 deliverable 2, decision 0046), the issue's "Done when": a guest in
 * a running live chat tips and sees the tip in the chat and in the receipt; the guest's toy action
 * makes the simulated toy vibrate, which the performer's broadcast page shows (its Toy panel, with the
 * performer's token) and the guest's chat says. Reactions are covered by toy-control.test.ts.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import * as fixtures from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { ageCheckedGuest, onlinePerformerNames, topUpByApi } from './live-helpers.ts';
import { E2E_PERFORMER_SECRET } from './playwright.config.ts';

const SHOTS = '/tmp/c-shots';

/** A performer's token, computed as performer.routes.ts does (the operator hands it out). */
const performerToken = (actorId: number) =>
  `${actorId}.${createHmac('sha256', E2E_PERFORMER_SECRET).update(`vela-performer:${actorId}`, 'utf8').digest('base64url')}`;

/** An online performer with a toy (the seed gives every third performer one): its name and id. */
async function onlinePerformerWithToy(page: Page): Promise<{ name: string; path: string; id: number }> {
  for (const name of await onlinePerformerNames(page)) {
    const data = await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${name}`);
    if (!data.ok()) continue;
    const actor = ((await data.json()) as { data: { id: number | string; name: string } }).data;
    const id = Number(actor.id);
    const toy = await page.request.get(`/rest/v1/live/toys/${id}`);
    if (toy.ok() && ((await toy.json()) as { data: { available: boolean } }).data.available)
      return { name: actor.name, path: name, id };
  }
  throw new Error('no online performer with a toy');
}

test('a guest tips 20 coins (chat and receipt) and makes the toy vibrate, which the performer page shows', async ({
  page,
  browser,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  await ageCheckedGuest(page, request, clientIp, baseURL, 'tips');
  await topUpByApi(page, clientIp, 2_000);
  const performer = await onlinePerformerWithToy(page);

  // The performer's broadcast page, its Toy panel following the toy.
  const desk = await browser.newPage();
  await desk.goto(`${baseURL}/rest/v1/performer/broadcast?lang=en`);
  await desk.getByLabel('Performer token').fill(performerToken(performer.id));
  await desk.getByRole('button', { name: 'Show my toy' }).click();
  await expect(desk.locator('#toy-state')).toHaveText('Idle.');

  await fixtures.gotoReady(page, `/en/amateur/${performer.path}/live-show/`);
  await page.getByRole('button', { name: 'Start live chat' }).click();
  await expect(page.locator('[data-live-phase="live"]')).toBeVisible({ timeout: 20_000 });
  const tip = page.locator('[data-live-tip]');
  await expect(tip).toBeVisible({ timeout: 30_000 });

  // A tip: the 20 coins choice, by keyboard, sent with Enter.
  await tip.getByLabel('20 coins').check();
  await tip.getByRole('button', { name: 'Tip 20 coins' }).click();
  await expect(
    page.locator('.live-chat [data-live-event]').filter({ hasText: 'You tipped 20 coins' }),
  ).toBeVisible();
  await expect(tip.getByRole('status')).toHaveText('You tipped 20 coins.');

  // The toy: level 3 for 5 s, 10 coins.
  const toy = page.locator('[data-live-toy]');
  await toy.getByRole('button', { name: /^Level 3, 5 s/ }).click();
  await expect(toy.locator('[data-toy-state="vibrating"]')).toContainText(
    `${performer.name}'s toy vibrates — level 3`,
  );
  await expect(
    page
      .locator('.live-chat [data-live-event]')
      .filter({ hasText: `${performer.name}'s toy vibrates — level 3 for 5 s` }),
  ).toBeVisible();
  await expect(desk.locator('#toy-state')).toHaveAttribute('data-toy-state', 'vibrating', { timeout: 5_000 });
  await expect(desk.locator('#toy-state')).toContainText('Vibrating — level 3');
  await expect(desk.locator('#toy-log li').first()).toContainText('Level 3 for 5 s');
  await desk.screenshot({ path: `${SHOTS}/performer-toy.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/guest-interaction.png`, fullPage: true });
  // The simulated performer feels it (a canned reply in the guest's language).
  await expect(
    page.locator('.live-chat__line[data-from="performer"]').filter({ hasText: 'I can feel that' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  // ... and the toy goes idle by itself after 5 s.
  await expect(desk.locator('#toy-state')).toHaveText('Idle.', { timeout: 10_000 });

  // The end: the receipt lists the tip.
  await page.locator('[data-live-end]').click();
  const exit = page.getByRole('dialog', { name: 'The chat has ended' });
  await expect(exit).toBeVisible({ timeout: 15_000 });
  await expect(exit.locator('[data-receipt-tip="20"]')).toContainText('Tip');
  await expect(exit.locator('[data-receipt-tip="20"]')).toContainText('20 coins');
  await page.screenshot({ path: `${SHOTS}/receipt.png`, fullPage: false });
  await desk.close();
});
