/**
 * Issue 16 "Done when": a revoked session stops the video. A guest watches a running live chat in
 * real Chromium (embedded media: werift + the ffmpeg test pattern; the simulated performer accepts);
 * the same guest, logged in from another browser context, removes that page's session through the
 * guests API (`DELETE guest/sessions/:id`, the "my sessions" list). The page's socket hears
 * `sessionExpired`, the chat ends with 101 (logout) and the server closes its media: no frame is
 * decoded from 2 s after the removal on. The page's own reload on `sessionExpired` is held back, so the
 * old page keeps its peer connection open: the frames stop because the server stopped sending.
 */
import * as fixtures from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { countDecodedFrames, decodedFrames } from './live-frames.ts';
import { ageCheckedGuest, anOnlinePerformer, liveVideo, topUpByApi } from './live-helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a revoked session stops the video: the chat ends with 101 and no frame is decoded 2 s after', async ({
  page,
  browser,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const guest = await ageCheckedGuest(page, request, clientIp, baseURL, 'revoke');
  await topUpByApi(page, clientIp, 3000);
  const profile = await anOnlinePerformer(page);

  // A running live chat with decoded frames.
  await fixtures.gotoReady(page, `${profile}live-show/`);
  const started = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/rest/v1/live/start' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Start live chat' }).click();
  const startAnswer = await started;
  expect(startAnswer.status(), await startAnswer.text()).toBe(200);
  const sessionId = ((await startAnswer.json()) as { data: { sessionId: string } }).data.sessionId;
  await expect(page.locator('[data-player-state="playing"]')).toBeVisible({ timeout: 30_000 });
  await countDecodedFrames(liveVideo(page));
  await expect.poll(() => decodedFrames(liveVideo(page)), { timeout: 10_000 }).toBeGreaterThan(10);

  // The page reloads once its session ended (sessionExpired). That reload is held back (aborted: the
  // document stays), so the old page's peer connection and frame counter remain: only the server can
  // stop its video.
  const livePath = new URL(`${profile}live-show/`, baseURL).pathname;
  await page.route(
    (url) => url.pathname === livePath,
    (route) => (route.request().isNavigationRequest() ? route.abort('aborted') : route.fallback()),
  );
  const reloadAsked = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());

  // The same guest in another browser: logs in and removes every other session (the page's too).
  const other = await browser.newContext({ baseURL });
  try {
    const headers = fixtures.clientHeaders(clientIp);
    const login = await other.request.post('/rest/v1/guest/login', {
      data: { login: guest.screenName, password: guest.password },
      headers,
    });
    expect(login.status(), await login.text()).toBe(200);
    const listed = await other.request.get('/rest/v1/guest/sessions', { headers });
    const sessions = ((await listed.json()) as { data: { sessions: { id: string; current: boolean }[] } })
      .data.sessions;
    const others = sessions.filter((session) => !session.current);
    expect(others.length).toBeGreaterThan(0);
    for (const session of others) {
      const removed = await other.request.delete(`/rest/v1/guest/sessions/${session.id}`, { headers });
      expect(removed.status(), await removed.text()).toBe(200);
    }
    const revokedAt = Date.now();

    // The chat ended because the guest's session ended on its page: 101 (logout).
    await expect
      .poll(
        async () => {
          const view = await other.request.get(`/rest/v1/live/sessions/${sessionId}`, { headers });
          const data = ((await view.json()) as { data: { status: string; exitCode: number | null } }).data;
          return `${data.status} ${data.exitCode}`;
        },
        { timeout: 10_000 },
      )
      .toBe('ended 101');

    // The page heard that its session ended (it asked to reload).
    await reloadAsked;

    // From 2 s after the removal no frame is decoded any more.
    await sleep(Math.max(0, revokedAt + 2_000 - Date.now()));
    const atTwoSeconds = await decodedFrames(liveVideo(page));
    await sleep(2_000);
    expect(await decodedFrames(liveVideo(page))).toBe(atTwoSeconds);
    await page.screenshot({ path: '/tmp/e-revoke.png', fullPage: false });
  } finally {
    await other.close();
  }
});
