/**
 * Steps the live chat browser tests share (issue 16): a guest's age check accepted by the operator
 * (live streams are FSK-18), an online performer to watch, money in the wallet through the payment
 * API's sandbox card, and the live page's video.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import * as fixtures from './fixtures.ts';
import { expect } from './fixtures.ts';
import { E2E_INTERNAL_TOKEN } from './playwright.config.ts';

const operator = { 'x-internal-token': E2E_INTERNAL_TOKEN };

/**
 * A new guest in the page's browser whose age check is accepted (live streams are FSK-18): the cookie
 * banner answered, signed up through the API.
 */
export async function ageCheckedGuest(
  page: Page,
  request: APIRequestContext,
  clientIp: string,
  baseURL: string | undefined,
  prefix: string,
) {
  await fixtures.decideConsent(page.context(), baseURL);
  const guest = await fixtures.signUpByApi(page, clientIp, fixtures.newGuest(prefix));
  await verifyAge(page, request, clientIp, guest.id);
  return guest;
}

/** The age check through the sandbox provider, accepted by the operator (live streams are FSK-18). */
export async function verifyAge(page: Page, request: APIRequestContext, clientIp: string, guestId: string) {
  const asked = await page.request.post('/rest/v1/avs/request', {
    data: {
      fullName: 'Alex Example',
      birthDate: '1990-05-17',
      documentType: 'passport',
      documentNumber: 'X1234-5678',
    },
    headers: fixtures.clientHeaders(clientIp),
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const pending = await request.get('/rest/v1/internal/avs/requests?status=pending&limit=50', {
    headers: operator,
  });
  const requests = ((await pending.json()) as { data: { requests: { id: string; guestId: string }[] } }).data
    .requests;
  const mine = requests.find((r) => String(r.guestId) === guestId);
  expect(mine).toBeTruthy();
  const decided = await request.post(`/rest/v1/internal/avs/requests/${mine?.id}/decision`, {
    headers: operator,
    data: { decision: 'accept' },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
}

/** The names of the online performers of /en/cams/, in random order (parallel tests differ). */
export async function onlinePerformerNames(page: Page): Promise<string[]> {
  await fixtures.gotoReady(page, '/en/cams/');
  const names = await page
    .locator('a[href^="/en/amateur/"]')
    .evaluateAll((anchors) =>
      anchors
        .filter((a) => a.closest('article, li, div')?.querySelector('.badge--online'))
        .map((a) => /^\/en\/amateur\/([^/]+)\//.exec(a.getAttribute('href') ?? '')?.[1] ?? ''),
    );
  return [...new Set(names.filter(Boolean))].sort(() => Math.random() - 0.5);
}

/**
 * An online performer's profile path, picked at random among the online ones of /en/cams/ that offer a
 * live chat now (`live/actors/:id/chat-types`): not in another guest's private chat, voice call or
 * ticket show — the other specs' chats run on the same server at the same time.
 */
export async function anOnlinePerformer(page: Page): Promise<string> {
  const names = await onlinePerformerNames(page);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const actor = await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${name}`);
    if (!actor.ok()) continue;
    const { id } = ((await actor.json()) as { data: { id: number | string } }).data;
    if (await offersLiveChatNow(page, id)) return `/en/amateur/${name}/`;
  }
  return `/en/amateur/${names[0]}/`;
}

/**
 * Whether the performer offers a live chat now (`live/actors/:id/chat-types`): not in another guest's
 * private chat, voice call or ticket show of a spec running at the same time.
 */
export async function offersLiveChatNow(page: Page, actorId: number | string): Promise<boolean> {
  const types = await page.request.get(`/rest/v1/live/actors/${actorId}/chat-types`);
  if (!types.ok()) return false;
  const { offers } = ((await types.json()) as { data: { offers: { type: string }[] } }).data;
  return offers.some((offer) => offer.type === 'livechat');
}

/**
 * Tops the page's guest up by `cents` through the payment API (`payment/charges`, the dialog's call,
 * with the guest's access token) and the sandbox card the provider approves at once.
 */
export async function topUpByApi(page: Page, clientIp: string, cents: number): Promise<void> {
  const headers = fixtures.clientHeaders(clientIp);
  const minted = await page.request.post('/rest/v1/guest/accessToken', { headers });
  expect(minted.ok(), await minted.text()).toBe(true);
  const { accessToken } = ((await minted.json()) as { data: { accessToken: string } }).data;
  const charged = await page.request.post('/rest/v1/payment/charges', {
    headers: { ...headers, authorization: `Bearer ${accessToken}` },
    data: {
      idempotencyKey: `e2e-live-topup-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: cents,
      card: {
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
        holder: 'Alex Example',
      },
    },
  });
  expect(charged.ok(), await charged.text()).toBe(true);
  expect(((await charged.json()) as { data: { charge: { status: string } } }).data.charge.status).toBe(
    'succeeded',
  );
}

/** The live page's video element. */
export const liveVideo = (page: Page): Locator => page.locator('video.live-player__video');
