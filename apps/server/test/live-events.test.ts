/**
 * The live chat's socket events (issue 16, decision 0038 part 3; spec 3 "Chat end", spec 7
 * `chatEnd`): the billing loop's `publishMeter` and `notifyChatEnd` reach EVERY open page of the
 * guest as `liveMeter` and `chatEnd`, through the bus channel `guest:<id>` (publishToGuest) and the
 * socket hub, and no page of another guest. A real listening server and `ws` clients; the loop runs
 * on this file's database with a test clock (the minute is LIVE_MINUTE_MS, 1 s here).
 */

import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishToGuest } from '../src/infra/publish-to-guest.ts';
import { factoriesOf } from './factories.ts';
import type { SignedUp } from './guest-helpers.ts';
import { testConfig } from './helpers.ts';
import { liveNodeOn, runningChat } from './live-node.ts';
import { guestPage, type TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';

const t = testAppPerSuite();
const MINUTE = testConfig({ LIVE_MINUTE_MS: '1000' }).liveMinuteMs;
const silent = { info() {}, warn() {}, error() {} };
const coins = (value: number) => ({ value, currency: 'VXC' });

describe('live chat events on the guest socket (decision 0038 part 3, spec 3 chat end)', () => {
  let make: ReturnType<typeof factoriesOf>;
  let url: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    make = factoriesOf(t, { net: '10.117' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/socket`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  /** One node's live service and loop, publishing on the app's bus as the live module does. */
  function liveNode() {
    // These guests have no vouchers: money pays every minute.
    return liveNodeOn(t.database.db, {
      minuteMs: MINUTE,
      nodeId: 'node-events',
      publish: (guestId, event) => publishToGuest(t.bus, guestId, event, silent),
    });
  }

  async function guestWith(balanceCents: number) {
    const guest = await make.buildGuest({ balanceCents });
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    return guest;
  }

  /** An open page of the guest: a socket with a session. */
  async function pageOf(guest: SignedUp): Promise<TestSocket> {
    const socket = await guestPage(url, guest);
    sockets.push(socket);
    return socket;
  }

  /** A marker on the guest's channel, published now: once a page has it, everything before it is there. */
  async function markerOn(socket: TestSocket, guest: SignedUp) {
    await publishToGuest(t.bus, guest.id, { type: 'pageReload' });
    await socket.next('pageReload');
  }

  it('every open page of the guest gets liveMeter after each charged minute (balance falling) and chatEnd with the spec 3 fields when money runs out (501); another guest gets neither', async () => {
    const live = liveNode();
    const alice = await guestWith(250);
    const bob = await guestWith(1000);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100, name: 'LiveEventsMia' });
    const pages = [await pageOf(alice), await pageOf(alice)];
    const bobPage = await pageOf(bob);

    const from = live.clock.now;
    const sessionId = await runningChat(live, alice.id, actor.id);

    // 1 € a minute = 4 coins; 2,50 € = 10 coins.
    const meter = (minutes: number, spent: number, balance: number) => ({
      type: 'liveMeter',
      sessionId: sessionId,
      minutes,
      spent: coins(spent),
      balance: coins(balance),
    });
    live.clock.now = from + MINUTE;
    await live.loop.tick();
    for (const page of pages) expect(await page.next('liveMeter')).toEqual(meter(1, 4, 6));
    live.clock.now = from + 2 * MINUTE;
    await live.loop.tick();
    for (const page of pages) expect(await page.next('liveMeter')).toEqual(meter(2, 8, 2));
    // The money runs out at 2.5 minutes: the half minute is charged, the session ends with 501.
    live.clock.now = from + 3 * MINUTE;
    await live.loop.tick();
    expect((await live.service.sessionById(sessionId))?.exitCode).toBe(501);

    for (const page of pages) {
      expect(await page.next('liveMeter')).toEqual(meter(3, 10, 0));
      expect(await page.next('chatEnd')).toEqual({
        type: 'chatEnd',
        chatId: sessionId,
        price: coins(10),
        actorId: actor.id,
        actorName: 'LiveEventsMia',
        isVoyeur: false,
        isToyControl: false,
      });
      // Nothing more of the session after the end.
      await markerOn(page, alice);
      expect(page.received.filter((m) => m.type === 'liveMeter' || m.type === 'chatEnd')).toHaveLength(4);
    }
    // Bob's page: a marker published on his channel after all of Alice's events arrives with nothing of them before it.
    expect(await bobPage.none('liveMeter', () => markerOn(bobPage, bob))).toBe(true);
    expect(bobPage.received.some((m) => m.type === 'chatEnd' || m.type === 'liveMeter')).toBe(false);
  });

  it('the guest ends the chat (100) after 1.5 minutes: the half minute is charged pro rata and chatEnd carries its price (1,50 € = 6 coins)', async () => {
    const live = liveNode();
    const guest = await guestWith(1000);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100, name: 'LiveEventsExit' });
    const page = await pageOf(guest);
    const from = live.clock.now;
    const sessionId = await runningChat(live, guest.id, actor.id);

    live.clock.now = from + MINUTE;
    await live.loop.tick();
    expect(await page.next('liveMeter')).toMatchObject({ minutes: 1, spent: coins(4), balance: coins(36) });
    live.clock.now = from + 1.5 * MINUTE;
    expect(await live.service.exit(guest.id, sessionId)).toBe(true);

    expect((await live.service.sessionById(sessionId))?.exitCode).toBe(100);
    expect(await page.next('chatEnd')).toEqual({
      type: 'chatEnd',
      chatId: sessionId,
      price: coins(6),
      actorId: actor.id,
      actorName: 'LiveEventsExit',
      isVoyeur: false,
      isToyControl: false,
    });
  });
});
