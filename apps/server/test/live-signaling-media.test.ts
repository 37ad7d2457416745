/**
 * The guest's live chat end to end on the real embedded media path (issue 16, decision 0038 parts
 * 3 and 5): the app as `npm start` builds it (createLiveMedia: werift and the ffmpeg test pattern),
 * a guest's page on the socket, the performer's accept through the performer API, and a werift peer
 * in the role of the browser (test/webrtc-browser.ts). The page answers the server's offer, VP8
 * packets arrive, the page reports its first frame, the chat runs and is billed per minute
 * (LIVE_MINUTE_MS = 1 s), and after the exit no packet arrives 0.2–2.2 s later.
 */
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoriesOf } from './factories.ts';
import { acceptedChat, sendAs } from './live-chat-page.ts';
import { guestPage, type TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';
import { type BrowserPeer, receivingBrowser } from './webrtc-browser.ts';

const SECRET = 'signaling-media-test-secret-0123456789';
const NET = '10.121';
const t = testAppPerSuite({
  env: {
    LIVE_MINUTE_MS: '1000',
    PERFORMER_API_SECRET: SECRET,
    LIVE_UDP_PORTS: '43000-43999',
    LIVE_SOURCE_IDLE_MS: '1000',
  },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('a live chat on the embedded media path (werift, ffmpeg test pattern)', () => {
  let url: string;
  let page: TestSocket | undefined;
  let browser: BrowserPeer | undefined;

  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/socket`;
  });
  afterAll(async () => {
    page?.close();
    await browser?.close();
  });

  it('offer → answer → frames → running → billed minutes → exit: media stops within 2 s', async () => {
    const make = factoriesOf(t, { net: NET });
    const guest = await make.buildGuest({ balanceCents: 1000 });
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    const open = await guestPage(url, guest);
    page = open;
    const send = (message: object) => sendAs(guest)(open, message);
    const sessionId = await acceptedChat(t.app, open, guest, actor, { net: NET, performerSecret: SECRET });

    const offer = await page.next('liveOffer', 20_000);
    browser = await receivingBrowser(offer.sdp);
    send({ type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: browser.localSdp });
    const receiving = browser;
    await waitFor('VP8 packets', () => receiving.packets > 0 && receiving.keyframes > 0, 20_000);
    expect([...receiving.payloadTypes]).toEqual([96]);
    send({ type: 'liveMediaUp', sessionId, offerId: offer.offerId });
    await waitFor('running', () =>
      (page?.received ?? []).some((m) => m.type === 'liveState' && m.status === 'running'),
    );

    const meter = await page.next('liveMeter', 10_000);
    expect(meter).toMatchObject({ sessionId, minutes: 1, spent: { value: 4, currency: 'VXC' } });

    send({ type: 'liveExit', sessionId });
    expect((await page.next('liveEnded')).exitCode).toBe(100);
    await sleep(200);
    const before = receiving.packets;
    await sleep(2_000);
    expect(receiving.packets - before).toBe(0);
    const chatEnd = await page.next('chatEnd');
    expect(chatEnd.chatId).toBe(sessionId);
  }, 60_000);
});
