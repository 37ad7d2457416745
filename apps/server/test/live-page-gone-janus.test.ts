/**
 * A live viewer's Janus handle lives only while a page shows the session (issue 16): the app as
 * `npm start` builds it with JANUS_URL (createLiveMedia: Janus Streaming, the ffmpeg test pattern), a
 * guest's page on the socket, the performer's accept through the performer API, and a werift peer
 * in the role of the browser (test/webrtc-browser.ts). When the page's socket goes away (the tab
 * closed, the browser vanished) the server releases the viewer's handle at once — Janus itself
 * would hang up a browser that vanished without a word only after its ICE checks fail (~50 s) —
 * and a page that comes back within the grace period gets a new viewer; the session's end
 * releases that one. Handles are counted with Janus's admin API by the viewer's opaque id.
 *
 * Runs only where JANUS_URL names a Janus (vitest.config.ts), like live-media-janus.test.ts.
 */
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerOpaqueId } from '../src/modules/live/media/janus-media.ts';
import { factoriesOf } from './factories.ts';
import { janusHandlesWithOpaqueId, untilHandles } from './janus-admin.ts';
import { acceptedChat, sendAs } from './live-chat-page.ts';
import { guestPage, type TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';
import { type BrowserPeer, receivingBrowser, waitFor } from './webrtc-browser.ts';

const SECRET = 'page-gone-janus-test-secret-0123456789';
const NET = '10.122';
const t = testAppPerSuite({
  env: {
    JANUS_URL: process.env.JANUS_URL ?? '',
    JANUS_ADMIN_KEY: process.env.JANUS_ADMIN_KEY ?? 'vela-local-janus-admin-key',
    ...(process.env.JANUS_API_SECRET ? { JANUS_API_SECRET: process.env.JANUS_API_SECRET } : {}),
    LIVE_MINUTE_MS: '1000',
    PERFORMER_API_SECRET: SECRET,
    LIVE_SOURCE_IDLE_MS: '1000',
  },
});
// The actor's id is its mountpoint's on the shared Janus: one no other run uses.
const ACTOR_ID = 800_000 + (process.pid % 100_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a live viewer on Janus is released when its page goes away (JANUS_URL)', () => {
  let url: string;
  const pages: TestSocket[] = [];
  const browsers: BrowserPeer[] = [];

  beforeAll(async () => {
    if (!process.env.JANUS_URL)
      throw new Error('JANUS_URL is not set: this file runs against a Janus server');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/socket`;
  });
  afterAll(async () => {
    for (const page of pages) page.close();
    await Promise.all(browsers.map((browser) => browser.close()));
  });

  it("the page's socket closes: the viewer's handle goes at once; a page back within the grace period watches again; the end releases its handle", async () => {
    const make = factoriesOf(t, { net: NET });
    const guest = await make.buildGuest({ balanceCents: 1000 });
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    const actor = await make.buildActor({ id: ACTOR_ID, isOnline: true, priceSingleCents: 100 });
    const open = async () => {
      const page = await guestPage(url, guest);
      pages.push(page);
      return page;
    };
    const send = sendAs(guest);
    /** The page answers the next offer as a browser; frames arrive and the page says so. */
    const watch = async (page: TestSocket, sessionId: string) => {
      const offer = await page.next('liveOffer', 20_000);
      const browser = await receivingBrowser(offer.sdp);
      browsers.push(browser);
      send(page, { type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: browser.localSdp });
      await waitFor('VP8 keyframes', () => browser.keyframes > 0, 20_000);
      send(page, { type: 'liveMediaUp', sessionId, offerId: offer.offerId });
      return browser;
    };

    const first = await open();
    const sessionId = await acceptedChat(t.app, first, guest, actor, { net: NET, performerSecret: SECRET });
    const opaqueId = viewerOpaqueId(sessionId);
    const before = await watch(first, sessionId);
    await waitFor('running', () =>
      first.received.some((m) => m.type === 'liveState' && m.status === 'running'),
    );
    expect(await janusHandlesWithOpaqueId(opaqueId)).toHaveLength(1);

    // The tab closes; its PeerConnection says nothing (the browser peer stays open, as a vanished one).
    first.close();
    await untilHandles("the viewer's handle released after the page left", opaqueId, 0);
    await sleep(200);
    const packets = before.packets;
    await sleep(1_000);
    expect(before.packets - packets).toBe(0);

    // The page is back within the grace period: a new viewer (one handle), frames again.
    const second = await open();
    send(second, { type: 'liveJoin', sessionId });
    expect((await second.next('liveState')).status).not.toBe('ended');
    const after = await watch(second, sessionId);
    expect(after.keyframes).toBeGreaterThan(0);
    expect(await janusHandlesWithOpaqueId(opaqueId)).toHaveLength(1);

    send(second, { type: 'liveExit', sessionId });
    expect((await second.next('liveEnded')).exitCode).toBe(100);
    await untilHandles("the viewer's handle released at the session's end", opaqueId, 0);
  }, 90_000);
});
