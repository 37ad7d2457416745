/**
 * Clash of cams voting and the free show (issue 18 deliverable 2, decision 0053): the operator starts
 * a clash of two online performers and one of them a free show; a logged-in guest without coins sees
 * both on the performer's live-show tab, votes by keyboard (the bar counts it), watches the free show
 * and, when the performer stops it, the chat ends (202) without a charge.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import * as fixtures from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { ageCheckedGuest, onlinePerformerNames } from './live-helpers.ts';
import { E2E_INTERNAL_TOKEN, E2E_PERFORMER_SECRET } from './playwright.config.ts';

const SHOTS = '/tmp/h-shots';

const performerToken = (actorId: number) =>
  `${actorId}.${createHmac('sha256', E2E_PERFORMER_SECRET).update(`vela-performer:${actorId}`, 'utf8').digest('base64url')}`;

async function performerOf(page: Page, path: string) {
  const data = await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${path}`);
  const actor = ((await data.json()) as { data: { id: number | string; name: string } }).data;
  return { id: Number(actor.id), name: actor.name, path };
}

test('a guest votes in a clash of cams by keyboard and watches a free show that ends without a charge', async ({
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(60_000);
  mkdirSync(SHOTS, { recursive: true });
  await ageCheckedGuest(page, request, clientIp, baseURL, 'clash');
  const [first, second] = await onlinePerformerNames(page);
  expect(second).toBeTruthy();
  const a = await performerOf(page, first ?? '');
  const b = await performerOf(page, second ?? '');
  const clash = await request.post('/rest/v1/internal/clashes', {
    headers: { 'x-internal-token': E2E_INTERNAL_TOKEN },
    data: { actorIds: [a.id, b.id], minutes: 5 },
  });
  expect(clash.status(), await clash.text()).toBe(201);
  const freeShow = (running: boolean) =>
    request.post('/rest/v1/performer/freeShow', {
      headers: { 'x-performer-token': performerToken(a.id) },
      data: { running },
    });
  expect((await freeShow(true)).ok()).toBe(true);

  await fixtures.gotoReady(page, `/en/amateur/${a.path}/live-show/`);
  const bar = page.getByRole('region', { name: `Clash of cams: ${a.name} vs ${b.name}` });
  await expect(bar).toBeVisible({ timeout: 15_000 });
  await expect(bar.getByText(`${a.name}: 0 votes`)).toBeVisible();
  await bar.getByRole('button', { name: `Vote for ${a.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(bar.getByText(`You voted for ${a.name}.`)).toBeVisible();
  await expect(bar.getByText(`${a.name}: 1 vote`, { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/clash.png`, fullPage: false });

  await page.getByRole('button', { name: 'Watch the free show' }).click();
  await expect(page.locator('[data-live-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/free-show.png`, fullPage: false });
  expect((await freeShow(false)).ok()).toBe(true);
  await expect(page.locator('[data-live-phase="ended"]')).toBeVisible({ timeout: 15_000 });
  expect(await fixtures.balanceCentsOf(page, clientIp)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/ended.png`, fullPage: false });
});
