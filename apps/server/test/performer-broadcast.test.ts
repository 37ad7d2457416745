/**
 * The performer broadcast page (issue 16, decision 0038 part 7): headless Chromium with its fake
 * camera (`--use-fake-device-for-media-stream --use-fake-ui-for-media-stream`) opens the page, enters
 * the performer's token and starts the camera; the page's offer goes through `POST
 * performer/broadcast` to the embedded media path (werift), and a viewer of that performer then
 * receives the camera's VP8 video. A wrong token is refused on the page (403) and nothing is
 * published. The API's refusals of the call itself: no token 401, a bad offer 400 INVALID_SDP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMedia } from '../src/modules/live/media/live-media.ts';
import { createWeriftMedia } from '../src/modules/live/media/werift-media.ts';
import { factoriesOf } from './factories.ts';
import { type FakeCameraBrowser, type FakeCameraPage, fakeCameraChromium } from './fake-camera-chromium.ts';
import { freePort, testConfig } from './helpers.ts';
import { type PerformerNode, performerNodeOn } from './performer-node.ts';
import { testAppPerSuite } from './test-app.ts';
import { type BrowserPeer, receivingBrowser, sendingBrowser } from './webrtc-browser.ts';

const t = testAppPerSuite();

async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The page's status line: its state (idle, connecting, live, error) and text. */
const statusOf = (page: FakeCameraPage) =>
  page.evaluate<{ state: string; text: string }>(
    `(() => { const s = document.getElementById('status'); return s ? { state: s.dataset.state, text: s.textContent } : { state: '', text: '' }; })()`,
  );

/** Opens the page, enters the token and starts the camera (the form's submit, as the button does). */
async function startBroadcast(
  browser: FakeCameraBrowser,
  url: string,
  token: string,
): Promise<FakeCameraPage> {
  const page = await browser.open(url);
  await waitFor('the page', () =>
    page.evaluate<boolean>(
      `document.readyState === 'complete' && !!document.getElementById('broadcast-form')`,
    ),
  );
  await page.evaluate(
    `(() => { document.getElementById('token').value = ${JSON.stringify(token)}; document.getElementById('start').click(); })()`,
  );
  return page;
}

describe('performer broadcast page: a browser camera becomes the performer source', () => {
  let make: ReturnType<typeof factoriesOf>;
  let node: PerformerNode;
  let media: LiveMedia;
  let browser: FakeCameraBrowser;
  let origin: string;
  const viewers: BrowserPeer[] = [];

  beforeAll(async () => {
    make = factoriesOf(t, { net: '10.124' });
    media = createWeriftMedia({ liveUdpPorts: [43360, 43459], liveSourceIdleMs: 2000 }, {});
    const port = await freePort();
    origin = `http://localhost:${port}`;
    node = await performerNodeOn(t, 'node-broadcast', {
      media,
      config: testConfig({ PUBLIC_ORIGIN: origin }),
    });
    await node.api.listen({ port, host: '127.0.0.1' });
    browser = await fakeCameraChromium();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(viewers.map((viewer) => viewer.close()));
    await browser?.close();
    await node?.api.close();
    await media?.stop();
  });

  it('the page (de) sends the fake camera live; a viewer of the performer receives its VP8 keyframes', async () => {
    const actor = await make.buildActor({ isOnline: true });
    const token = Object.values(node.tokenOf(actor.id))[0] ?? '';
    const page = await startBroadcast(browser, `${origin}/rest/v1/performer/broadcast?lang=de`, token);
    expect(await page.evaluate('document.title')).toBe('Live gehen');
    expect(await page.evaluate('document.documentElement.lang')).toBe('de');
    await waitFor('the page live', async () => (await statusOf(page)).state === 'live');
    expect((await statusOf(page)).text).toBe('Live: deine Kamera ist auf Sendung.');

    const { offerSdp } = await media.openViewer('broadcast-viewer', actor.id);
    const viewer = await receivingBrowser(offerSdp);
    viewers.push(viewer);
    await media.acceptViewerAnswer('broadcast-viewer', viewer.localSdp);
    await waitFor('the camera at the viewer', () => viewer.keyframes > 0 && viewer.packets > 20);
    expect([...viewer.payloadTypes].length).toBeGreaterThan(0);

    // Stop: the page closes its peer and camera.
    await page.evaluate(`document.getElementById('stop').click()`);
    expect((await statusOf(page)).state).toBe('idle');
    await media.close('broadcast-viewer');
  }, 60_000);

  it('a wrong token is refused on the page (403 message) and publishes nothing', async () => {
    const actor = await make.buildActor({ isOnline: true });
    const page = await startBroadcast(
      browser,
      `${origin}/rest/v1/performer/broadcast?lang=en`,
      `${actor.id}.not-the-signature`,
    );
    await waitFor('the refusal on the page', async () => (await statusOf(page)).state === 'error');
    expect((await statusOf(page)).text).toBe('Not live: Not a valid performer token');
    await expect(media.openViewer('nobody', actor.id)).rejects.toMatchObject({ code: 'LIVE_NO_SOURCE' });
  }, 60_000);

  it("cam2cam: the performer's browser receives the guest camera of its own session; another performer 404, no camera yet 409", async () => {
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    const other = await make.buildActor({ isOnline: true });
    const guest = await node.chatGuest(make);
    const sessionId = await node.requestChat(guest.id, actor.id);
    const post = (actorId: number, path: string, payload?: object) =>
      node.api.inject({
        method: 'POST',
        url: `/rest/v1/performer/sessions/${sessionId}/${path}`,
        headers: node.tokenOf(actorId),
        ...(payload ? { payload } : {}),
      });
    // Asked for only: no media yet.
    expect((await post(actor.id, 'guest-camera')).statusCode).toBe(409);
    await node.desk.accept(actor.id, sessionId);
    const early = await post(actor.id, 'guest-camera');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('CONFLICT');
    expect((await post(other.id, 'guest-camera')).statusCode).toBe(404);

    const camera = await sendingBrowser('Guest Camera');
    viewers.push(camera);
    const { answerSdp } = await media.publishGuestCamera(sessionId, camera.localSdp);
    await camera.accept(answerSdp);
    expect((await post(other.id, 'guest-camera')).statusCode).toBe(404);
    const offer = await post(actor.id, 'guest-camera');
    expect(offer.statusCode).toBe(200);
    const performerPage = await receivingBrowser(offer.json().data.offerSdp);
    viewers.push(performerPage);
    const bad = await post(actor.id, 'guest-camera/answer', { sdp: 'v=0' });
    expect(bad.json().error.code).toBe('INVALID_SDP');
    const answered = await post(actor.id, 'guest-camera/answer', { sdp: performerPage.localSdp });
    expect(answered.json().data).toEqual({ sessionId });
    await waitFor('the guest camera at the performer', () => performerPage.keyframes > 0);
    await media.close(sessionId);
    await node.live.service.exit(guest.id, sessionId);
  }, 60_000);

  it('the call: no token 401, a bad offer 400 INVALID_SDP, an oversize one 400', async () => {
    const actor = await make.buildActor();
    const post = (headers: Record<string, string>, sdp: string) =>
      node.api.inject({ method: 'POST', url: '/rest/v1/performer/broadcast', headers, payload: { sdp } });
    expect((await post({}, 'v=0')).statusCode).toBe(401);
    const bad = await post(node.tokenOf(actor.id), 'v=0\r\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_SDP');
    const huge = await post(node.tokenOf(actor.id), 'x'.repeat(17 * 1024));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.code).toBe('VALIDATION_ERROR');
  });
});
