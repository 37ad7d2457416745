/**
 * The performer desk across nodes (issue 16, decision 0038 part 7): a guest's livechat runs on node A
 * (the app, its page's socket there), the performer's app is connected to node B (a second live
 * module on the same database and bus, as app.ts builds it). B's desk sees the chat request, the
 * guest's message and the end that happen on A (the desks share their changes on the bus), and B's
 * accept, message and kick reach the session on A (forwarded to its owner after B's checks), each
 * answered with the state after it. B's simulator hears nothing of A's sessions (A's would answer
 * them), so two nodes never both answer one message. On the test app's in-process bus (the
 * desks use only its publish and subscribe, which the Redis bus has alike: bus.test.ts).
 *
 * One source owner per performer (decision 0038 part 5): a chat started on B for a performer whose
 * chat A continues is stored with A as its owner and adopted there, so only A opens the performer's
 * source and viewers; a performer without a chat anywhere gets its chat (and source) on B.
 */
import { randomUUID } from 'node:crypto';
import type { PerformerEvent } from '@vela/contracts/performer-api';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoriesOf } from './factories.ts';
import { nextIp } from './guest-helpers.ts';
import { recordingMedia, vp8Sdp } from './live-media-double.ts';
import { type LiveNodeModule, secondLiveNode } from './live-second-node.ts';
import { guestPage, type TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';
import { waitFor } from './webrtc-browser.ts';

const NET = '10.123';
const mediaA = recordingMedia();
const mediaB = recordingMedia();
const t = testAppPerSuite({
  env: { LIVE_MINUTE_MS: '1000', PERFORMER_API_SECRET: 'performer-nodes-test-secret-0123456789' },
  liveMedia: mediaA,
});

/** A guest's chat started through node A's REST call (the app); its session id. */
async function startOnA(guest: { accessToken: string }, actorId: number, type: string, lang = 'en') {
  const started = await t.app.inject({
    method: 'POST',
    url: `/rest/v1/live/start?lang=${lang}`,
    remoteAddress: nextIp(NET),
    headers: { authorization: `Bearer ${guest.accessToken}` },
    payload: { actorId, type, idempotencyKey: randomUUID() },
  });
  expect(started.statusCode, started.body).toBe(200);
  return started.json().data.sessionId as string;
}

describe('two nodes: the performer desk (decision 0038 part 7) and one source owner (part 5)', () => {
  let nodeB: LiveNodeModule;
  let page: TestSocket | undefined;
  let url: string;

  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/socket`;
    nodeB = await secondLiveNode(t, 'node-b', mediaB);
  });
  afterAll(async () => {
    page?.close();
    await nodeB.stop?.();
  });

  it("B's desk sees A's chat request, guest message and end; B's accept, message and kick reach the session on A", async () => {
    const make = factoriesOf(t, { net: NET });
    const guest = await make.buildGuest({ balanceCents: 1000 });
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    const desk = nodeB.performer;
    const heardOnB: PerformerEvent[] = [];
    const unsubscribe = desk.subscribe((_actorId, event) => heardOnB.push(event));
    const pageA = await guestPage(url, guest);
    page = pageA;
    const send = (message: object) =>
      pageA.send({ ...message, accessToken: guest.accessToken, guestId: String(guest.id) });

    const sessionId = await startOnA(guest, actor.id, 'livechat', 'nl');
    await expect(nodeB.service.event(sessionId, { type: 'performerAccepted' })).resolves.toBe(false);

    // The chat request made on A is in B's inbox (a long poll there wakes up for it).
    const asked = await desk.inbox(actor.id, 0, 5_000);
    expect(asked.events).toEqual([
      expect.objectContaining({
        type: 'chatRequest',
        chat: expect.objectContaining({ sessionId, language: 'nl' }),
      }),
    ]);
    expect(asked.chats).toEqual([expect.objectContaining({ sessionId, state: 'requested' })]);

    // B accepts: forwarded to A, answered with the state after it.
    expect(await desk.accept(actor.id, sessionId)).toEqual({ sessionId, status: 'starting', exitCode: null });
    await waitFor('the chat accepted on B', () => desk.chatOf(actor.id, sessionId)?.state === 'accepted');

    // A's media runs; the guest writes on A: the message reaches B's inbox.
    const offer = await pageA.next('liveOffer');
    send({ type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: vp8Sdp('recvonly') });
    send({ type: 'liveMediaUp', sessionId, offerId: offer.offerId });
    await waitFor('the answer on A', () => mediaA.callsOf('acceptViewerAnswer', sessionId).length === 1);
    mediaA.deliver(sessionId, 'up', 'guest');
    await waitFor('running', () =>
      pageA.received.some(
        (m) => m.type === 'liveState' && m.sessionId === sessionId && m.status === 'running',
      ),
    );
    send({ type: 'liveMessage', sessionId, messageId: randomUUID(), text: 'hallo van A' });
    const messages = await desk.inbox(actor.id, asked.cursor, 5_000);
    expect(messages.events).toEqual([
      expect.objectContaining({ type: 'guestMessage', sessionId, text: 'hallo van A' }),
    ]);

    // B answers: the guest's page on A gets it from the performer.
    expect(await desk.message(actor.id, sessionId, 'hoi vanaf B')).toMatchObject({ status: 'running' });
    for (;;) {
      const relayed = await pageA.next('liveMessage');
      if (relayed.from === 'performer') {
        expect(relayed).toMatchObject({ sessionId, text: 'hoi vanaf B' });
        break;
      }
    }

    // B kicks: the chat on A ends with 201; B's desk has the end and no chat left.
    expect(await desk.kick(actor.id, sessionId)).toEqual({ sessionId, status: 'ended', exitCode: 201 });
    expect((await pageA.next('liveEnded')).exitCode).toBe(201);
    const ended = await desk.inbox(actor.id, messages.cursor, 5_000);
    expect(ended.events).toEqual([expect.objectContaining({ type: 'chatEnded', sessionId, exitCode: 201 })]);
    expect(ended.chats).toEqual([]);
    // An action on the ended chat is refused as before (409), on B as on A.
    await expect(desk.message(actor.id, sessionId, 'too late')).rejects.toMatchObject({ statusCode: 409 });

    // B's simulator heard none of it: the sessions are A's, whose simulator would answer them.
    expect(heardOnB).toEqual([]);
    unsubscribe();
  });

  it('a chat started on B for a performer whose chat A continues goes to A: only A opens its source and viewers', async () => {
    const make = factoriesOf(t, { net: NET });
    const actor = await make.buildActor({ isOnline: true, multiChatPriceCents: 100 });
    const alone = await make.buildActor({ isOnline: true, multiChatPriceCents: 100 });
    const guests = await Promise.all([1, 2, 3].map(() => make.buildGuest({ balanceCents: 1000 })));
    for (const guest of guests) {
      await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    }
    const [first, second, third] = guests as [(typeof guests)[0], (typeof guests)[0], (typeof guests)[0]];
    const liveShowOnB = async (guestId: number, actorId: number) => {
      const started = await nodeB.service.start({ guestId, actorId, type: 'live-show', country: null });
      if (!started.ok) throw new Error(`not started: ${started.code}`);
      return started;
    };
    const ownerOf = async (sessionId: string) =>
      (
        await queryRows<{ owner_node: string }>(
          t.database.db,
          sql`select owner_node from live_sessions where id = ${sessionId}`,
        )
      )[0]?.owner_node;

    // A live show on A (no accept: its media starts at once there).
    const firstId = await startOnA(first, actor.id, 'live-show');
    await waitFor('A opens the first viewer', () => mediaA.callsOf('openViewer', firstId).length === 1);
    const nodeA = await ownerOf(firstId);
    expect(nodeA).not.toBe('node-b');

    // The second guest's start reaches B: the session is A's, and A opens its viewer.
    const onB = await liveShowOnB(second.id, actor.id);
    expect(await ownerOf(onB.sessionId)).toBe(nodeA);
    await waitFor(
      'A opens the second viewer',
      () => mediaA.callsOf('openViewer', onB.sessionId).length === 1,
    );
    expect(await nodeB.service.event(onB.sessionId, { type: 'guestAlive' })).toBe(false);
    expect(mediaB.callsOf('ensureSource')).toEqual([]);
    expect(mediaB.callsOf('openViewer')).toEqual([]);
    // A continues it: the guest's exit sent to B ends it there (relayed).
    expect(await nodeB.service.exit(second.id, onB.sessionId)).toBe(true);
    await waitFor('the second chat ended', () => mediaA.callsOf('close', onB.sessionId).length > 0);

    // A performer without a chat anywhere: the chat and its source are B's.
    const own = await liveShowOnB(third.id, alone.id);
    expect(await ownerOf(own.sessionId)).toBe('node-b');
    await waitFor('B opens its viewer', () => mediaB.callsOf('openViewer', own.sessionId).length === 1);
    expect(mediaB.callsOf('ensureSource')).toEqual([
      expect.objectContaining({
        actorId: alone.id,
        source: expect.objectContaining({ kind: 'test-pattern' }),
      }),
    ]);
    expect(mediaA.callsOf('openViewer', own.sessionId)).toEqual([]);

    expect(await nodeB.service.exit(third.id, own.sessionId)).toBe(true);
    const firstExit = await t.app.inject({
      method: 'POST',
      url: `/rest/v1/live/sessions/${firstId}/exit`,
      remoteAddress: nextIp(NET),
      headers: { authorization: `Bearer ${first.accessToken}` },
      payload: {},
    });
    expect(firstExit.statusCode, firstExit.body).toBe(200);
  });
});
