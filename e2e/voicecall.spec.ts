/**
 * Voice calls (issue 18, spec 4, decision 0051), with the telephony sandbox as the phone:
 * - the anonymous voice caller: an unknown number dials a performer on an age-verified line, the
 *   sandbox answers the code the IVR would say, the visitor enters it on the performer's page
 *   (`?voicecall=<actorId>`), the page reloads 100 ms after success and goes to the performer's
 *   live-show tab: the video plays (the call's stand-in owns the session, the tab's socket opens with
 *   the visitor session's token), "Paid by your phone call", no cost meter, the chat works (the
 *   performer answers); the hangup ends the video with 903, the exit dialog's close reloads the page
 *   and the call's notice is gone;
 * - a guest whose number was verified through the pin call (the guest service's GraphQL, pin from the
 *   outbox): the dial reaches the guest's open page over the socket (`voicecallStart`), which goes to
 *   the performer's live-show tab: the performer's video plays, "Paid by your phone call", no cost
 *   meter; the hangup ends the video with 903 and, once its exit dialog is closed, the call's
 *   `voicecallStop` reloads the page.
 */
import { mkdirSync } from 'node:fs';
import {
  clientHeaders,
  decideConsent,
  expect,
  gotoReady,
  newGuest,
  type Page,
  signUpByApi,
  test,
} from './fixtures.ts';
import { liveVideo, offersLiveChatNow, onlinePerformerNames, verifyAge } from './live-helpers.ts';
import { smsPinFromOutbox } from './outbox.ts';

/** Expected texts from packages/i18n/src/messages/voicecall.ts (kept literal). */
const ACTIVE = (name: string) => `You are on a voice call with ${name}.`;
const PAID_BY_PHONE = 'Paid by your phone call';
const SHOTS = process.env.REPORT_DIR ? `${process.env.REPORT_DIR}/shots` : 'test-results/shots';

const randomNumber = (prefix: string) =>
  `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** An online performer that takes the sandbox call from `from` (presence may change meanwhile). */
async function dialAnOnlinePerformer(
  page: Page,
  from: string,
  slugs: readonly string[],
  ageVerified = false,
) {
  for (const slug of slugs) {
    const actor = await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${slug}`);
    if (!actor.ok()) continue;
    const data = (await actor.json()).data as { id: number | string; name: string };
    // A performer in another spec's chat or ticket show takes the call without video: not this one.
    if (!(await offersLiveChatNow(page, data.id))) continue;
    const providerCallId = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const dial = await page.request.post('/rest/v1/voicecall/sandbox/dial', {
      data: { providerCallId, from, actorId: Number(data.id), ageVerified },
    });
    if (dial.status() === 409) continue;
    expect(dial.status(), await dial.text()).toBe(200);
    const answer = (await dial.json()).data as { accessToken: string | null; caller: string };
    return { slug, name: data.name, actorId: Number(data.id), providerCallId, ...answer };
  }
  throw new Error('no online performer took the call');
}

async function hangup(page: Page, providerCallId: string) {
  const ended = await page.request.post('/rest/v1/voicecall/sandbox/hangup', { data: { providerCallId } });
  expect(ended.status(), await ended.text()).toBe(200);
  expect((await ended.json()).data.exitCode).toBe(903);
}

/** Resolves once the page's socket got its ackSession (call before the page loads). */
function socketAcknowledged(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"ackSession"')) resolve();
      });
    });
  });
}

/** Verifies `number` for the page's guest through the pin call (GraphQL with the session's token). */
async function verifyPhone(page: Page, clientIp: string, number: string) {
  const minted = await page.request.post('/rest/v1/guest/accessToken', { headers: clientHeaders(clientIp) });
  const token = (await minted.json()).data.accessToken as string;
  const graphql = async (query: string, variables: object) => {
    const response = await page.request.post('/graphql', {
      headers: { ...clientHeaders(clientIp), authorization: `Bearer ${token}` },
      data: { query, variables },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data;
  };
  const started = await graphql(
    'mutation($p: String!) { pincallStart(phoneNumber: $p, type: "mobile", language: "en") { success id } }',
    { p: number },
  );
  expect(started.pincallStart.success).toBe(true);
  const pin = await smsPinFromOutbox(page, clientIp, number);
  const verified = await graphql(
    'mutation($id: String!, $pin: String!) { pincallVerify(id: $id, type: "mobile", pin: $pin) { success } }',
    { id: started.pincallStart.id, pin },
  );
  expect(verified.pincallVerify.success).toBe(true);
}

test.describe('voice calls (spec 4, 6, 7, 8)', () => {
  test('the anonymous voice caller on an age-verified line enters the code the phone said: 2000, the reload goes to the performer’s video and chat, the hangup ends it with 903', async ({
    page,
    baseURL,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await decideConsent(page.context(), baseURL);
    const call = await dialAnOnlinePerformer(
      page,
      randomNumber('+4930'),
      await onlinePerformerNames(page),
      true,
    );
    expect(call.caller).toBe('anonymous');
    expect(call.accessToken).toMatch(/^\d{8}$/);
    // The socket's refusals of this page (none expected for its live messages).
    const refusals: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"error"')) refusals.push(String(payload));
      });
    });

    await gotoReady(page, `/en/amateur/${call.slug}/?voicecall=${call.actorId}`);
    const dialog = page.getByRole('dialog', { name: 'I am calling by phone' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    const input = dialog.getByLabel('Code from the phone');
    await expect(input).toBeFocused();
    // A wrong code is said in words, the dialog stays.
    await input.fill(call.accessToken === '00000000' ? '00000001' : '00000000');
    await input.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(
      'This code is not valid. Check the digits and try again.',
    );
    await input.fill(`${call.accessToken!.slice(0, 4)} ${call.accessToken!.slice(4)}`);
    const reloaded = page.waitForEvent('load');
    await input.press('Enter');
    await reloaded;
    // After the reload the page goes to the performer's live-show tab, where the call's video runs.
    await expect(page.locator('[data-live-phase="live"]')).toBeVisible({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.has('voicecall')).toBe(false);
    await expect(dialog).toBeHidden();
    await expect(page.getByText(PAID_BY_PHONE)).toBeVisible();
    await expect(page.locator('.live-meter')).toHaveCount(0);
    await expect
      .poll(() => liveVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    // The chat: the caller writes, the performer answers.
    const message = page.getByRole('textbox', { name: 'Your message' });
    await message.fill('Hello from the phone');
    await message.press('Enter');
    await expect(page.locator('.live-chat__line[data-from="guest"]')).toContainText('Hello from the phone');
    await expect(page.locator('.live-chat__line[data-from="performer"]').first()).toBeVisible({
      timeout: 20_000,
    });
    expect(refusals).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/voicecall-anonymous-video.png` });

    await hangup(page, call.providerCallId);
    // The video ends with 903 (its exit dialog); its close reloads the page, the call's notice is gone.
    const close = page.locator('[data-live-close]');
    await expect(close).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Voice call hangup')).toBeVisible();
    await expect(
      page.getByText('Nothing is charged in coins: your phone provider bills the call.'),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/voicecall-anonymous-ended.png` });
    const closedReload = page.waitForEvent('load');
    await close.click();
    await closedReload;
    await expect(page.getByRole('status').filter({ hasText: ACTIVE(call.name) })).toBeHidden();
    await expect(page.locator('[data-live-phase="live"]')).toHaveCount(0);
  });

  test('the anonymous voice caller on a line without age check: 2000 connects the call, the notice says the video needs the age check, the hangup ends it', async ({
    page,
    baseURL,
  }) => {
    await decideConsent(page.context(), baseURL);
    const call = await dialAnOnlinePerformer(page, randomNumber('+4930'), await onlinePerformerNames(page));
    await gotoReady(page, `/en/amateur/${call.slug}/?voicecall=${call.actorId}`);
    const dialog = page.getByRole('dialog', { name: 'I am calling by phone' });
    const input = dialog.getByLabel('Code from the phone');
    await input.fill(call.accessToken!);
    const reloaded = page.waitForEvent('load');
    await input.press('Enter');
    await reloaded;
    const notice = page.getByRole('status').filter({ hasText: ACTIVE(call.name) });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice.locator('[data-voicecall-video-refused="NEED_AGE_CHECK"]')).toBeVisible();
    await expect(page.locator('[data-live-phase="live"]')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/voicecall-anonymous.png` });

    await hangup(page, call.providerCallId);
    // The notice re-reads the state (every 10 s) and reloads at the end.
    await expect(notice).toBeHidden({ timeout: 25_000 });
  });

  test('a verified number is the guest’s call: the open page goes to the performer’s video, paid by the phone, and reloads after the hangup', async ({
    page,
    baseURL,
    clientIp,
    request,
  }) => {
    await decideConsent(page.context(), baseURL);
    await gotoReady(page, '/en/');
    const guest = await signUpByApi(page, clientIp, newGuest('voice'));
    // Live streams are FSK-18: the video needs the age check (without it the call runs without video).
    await verifyAge(page, request, clientIp, guest.id);
    const number = randomNumber('+49151');
    await verifyPhone(page, clientIp, number);

    const slugs = await onlinePerformerNames(page);
    const acknowledged = socketAcknowledged(page);
    // The page follows the call from its socket (voicecallStart, or the snapshot of a later ackSession;
    // VoiceCallMount listens before the first connection): no voicecall/state request of its own.
    const stateReads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1/voicecall/state')) stateReads.push(r.url());
    });
    await gotoReady(page, '/en/');
    await acknowledged;
    const call = await dialAnOnlinePerformer(page, number, slugs);
    expect(call.caller).toBe('guest');
    // The start goes to the performer's live-show tab, where the call's video plays with its chat.
    await expect(page.locator('[data-live-phase="live"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(PAID_BY_PHONE)).toBeVisible();
    // The video and chat stand in for the call's notice.
    const notice = page.getByRole('status').filter({ hasText: ACTIVE(call.name) });
    await expect(notice).toBeHidden();
    await expect(page.locator('.live-meter')).toHaveCount(0);
    await expect
      .poll(() => liveVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    await page.screenshot({ path: `${SHOTS}/voicecall-guest-video.png` });
    expect(stateReads).toEqual([]);

    await hangup(page, call.providerCallId);
    // The video ends with 903 (its exit dialog); the call's stop reloads the page once it is closed.
    const close = page.locator('[data-live-close]');
    await expect(close).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Voice call hangup')).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await close.click();
    await reloaded;
    await expect(notice).toBeHidden();
  });
});
