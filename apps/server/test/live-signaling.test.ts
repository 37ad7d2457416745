/**
 * The guest's way into a live chat (issue 16, decision 0038 parts 2 and 3): the REST calls of
 * contracts live.ts (start with its refusals and idempotency key, the session view, exit, receipt,
 * survey/chatexit) and the socket's live messages, every media and chat message checked by
 * `mayMedia`. The whole app on a test database with a recording LiveMedia double (no packets flow;
 * the double reports delivery as the media path would) and the real performer API (PERFORMER_API_SECRET)
 * for the performer's accept and kick. A minute is LIVE_MINUTE_MS = 1 s, a real setting.
 */
import { randomUUID } from 'node:crypto';
import { LIVE_SDP_MAX_BYTES, liveSdpProblem } from '@vela/contracts/live';
import { PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import { guestChannel } from '@vela/contracts/socket';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { DEFAULT_CHAT_SESSION_SETTINGS, openChatSession } from '@vela/domain/chat-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishToGuest } from '../src/infra/publish-to-guest.ts';
import { deliveredAt, mayMedia } from '../src/modules/live/live.service.ts';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { liveKit } from './live-kit.ts';
import { recordingMedia, vp8Sdp } from './live-media-double.ts';
import { type LiveNodeModule, secondLiveNode } from './live-second-node.ts';
import type { TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';

const SECRET = 'signaling-test-secret-0123456789abcdef';
const NET = '10.118';
const media = recordingMedia();
const t = testAppPerSuite({
  env: { LIVE_MINUTE_MS: '1000', PERFORMER_API_SECRET: SECRET },
  liveMedia: media,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sessionRow = async (sessionId: string) =>
  (
    await queryRows<{ status: string; exit_code: number | null }>(
      t.database.db,
      sql`select status, exit_code from live_sessions where id = ${sessionId}`,
    )
  )[0];

describe('live chat: REST, signaling and the checks (decision 0038 parts 2, 3)', () => {
  const kit = liveKit(t, { net: NET, performerSecret: SECRET });
  const { guestWith, rest, start, performer, pageOf, send } = kit;
  let make: Factories;
  beforeAll(() => {
    make = kit.make();
  });

  const actorOnline = (overrides: Parameters<typeof make.buildActor>[0] = {}) =>
    make.buildActor({ isOnline: true, priceSingleCents: 100, multiChatPriceCents: 100, ...overrides });

  /** The socket's answer to a message: an `error` with this code for it. */
  async function refused(socket: TestSocket, inReplyTo: string) {
    const error = await socket.next('error');
    expect(error.inReplyTo).toBe(inReplyTo);
    return error.code;
  }

  /** A marker on the guest's channel: once the page has it, every earlier event is there. */
  async function marker(socket: TestSocket, guest: SignedUp) {
    await publishToGuest(t.bus, guest.id, { type: 'pageReload' });
    await socket.next('pageReload');
  }

  const countOf = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(t.database.db, query))[0]?.n;

  /**
   * A livechat the performer accepted, with media up on both sides (the page's answer, its first
   * frame and the server's transport): running. Answers the session and the page.
   */
  async function runningChat(guest: SignedUp, actorId: number) {
    const page = await pageOf(guest);
    const started = await start(guest, actorId);
    expect(started.statusCode).toBe(200);
    const sessionId = started.json().data.sessionId as string;
    expect((await performer(actorId, `sessions/${sessionId}/accept`)).statusCode).toBe(200);
    const offer = await kit.answerAndShow(page, guest, sessionId, media);
    const running = await page.next('liveState');
    expect(running.status).toBe('starting');
    expect((await page.next('liveState')).status).toBe('running');
    return { sessionId, page, offer };
  }

  /** A running livechat of a new guest, shown on a page that joined it (its pings and close count). */
  async function shownChat() {
    const guest = await guestWith(1000);
    const { sessionId, page } = await runningChat(guest, (await actorOnline()).id);
    send(page, guest, { type: 'liveJoin', sessionId });
    await page.next('liveState');
    return { guest, sessionId, page };
  }

  it('start refusals: a visitor 401; no age check 403 RESTRICTED need-age-check (601); a banned country 403; under 50 cents 402 NOT_ENOUGH_MONEY with modal not-enough-money (106); a performer in a single chat 409 (906); an offline performer 409 (198). None stores a session', async () => {
    const actor = await actorOnline({ bannedCountryCodes: ['DE'] });
    const rich = await guestWith(1000);

    const visitor = await start(null, actor.id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('NOT_LOGGED_IN');

    const unchecked = await start(await guestWith(1000, false), actor.id);
    expect(unchecked.statusCode).toBe(403);
    expect(unchecked.json().error).toMatchObject({
      code: 'RESTRICTED',
      reason: 'need-age-check',
      exitCode: 601,
      modal: null,
    });

    const banned = await kit.startFrom('DE', rich, actor.id);
    expect(banned.statusCode).toBe(403);
    expect(banned.json().error.code).toBe('ACTOR_BLOCKED_IN_COUNTRY');

    const poor = await start(await guestWith(49), actor.id);
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error).toMatchObject({
      code: 'NOT_ENOUGH_MONEY',
      exitCode: 106,
      modal: 'not-enough-money',
    });
    // 50 cents is the minimum chat balance (spec 9 "0.5").
    const justEnough = await guestWith(50);
    const allowed = await start(justEnough, actor.id);
    expect(allowed.statusCode).toBe(200);

    const single = await start(rich, actor.id);
    expect(single.statusCode).toBe(409);
    expect(single.json().error).toMatchObject({ code: 'PERFORMER_IN_SINGLE', exitCode: 906 });

    const offline = await start(rich, (await make.buildActor({ isOnline: false })).id);
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toMatchObject({ code: 'PERFORMER_OFFLINE', exitCode: 198 });

    const bad = await rest(rich, 'POST', 'live/start', {
      actorId: actor.id,
      type: 'private-show',
      idempotencyKey: randomUUID(),
    });
    expect(bad.statusCode).toBe(400);
    expect(await countOf(sql`select count(*)::int as n from live_sessions where guest_id = ${rich.id}`)).toBe(
      0,
    );
  });

  it("spec 7's language parameter reaches the performer with the request (the simulator answers in it); an unknown language is 400 and starts nothing", async () => {
    const actor = await actorOnline();
    const guest = await guestWith(1000);
    const unknown = await rest(guest, 'POST', 'live/start?lang=fr', {
      actorId: actor.id,
      type: 'livechat',
      idempotencyKey: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      await countOf(sql`select count(*)::int as n from live_sessions where guest_id = ${guest.id}`),
    ).toBe(0);

    const started = await rest(guest, 'POST', 'live/start?lang=nl', {
      actorId: actor.id,
      type: 'livechat',
      idempotencyKey: randomUUID(),
    });
    expect(started.statusCode).toBe(200);
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/performer/inbox?after=0&waitMs=0',
      headers: { [PERFORMER_TOKEN_HEADER]: performerToken(SECRET, actor.id) },
    });
    const events = inbox.json().data.events as {
      type: string;
      chat?: { sessionId: string; language: string };
    }[];
    expect(events.filter((event) => event.type === 'chatRequest').map((event) => event.chat)).toEqual([
      expect.objectContaining({ sessionId: started.json().data.sessionId, language: 'nl' }),
    ]);
  });

  it('the same idempotency key answers the same session (also in parallel); the key for another chat is 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const actor = await actorOnline();
    const guest = await guestWith(1000);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      start(guest, actor.id, 'livechat', key),
      start(guest, actor.id, 'livechat', key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const answer = first.json().data;
    expect(second.json().data.sessionId).toBe(answer.sessionId);
    expect(answer).toMatchObject({
      type: 'livechat',
      status: 'requested',
      pricePerMinute: { value: 4, currency: 'VXC' },
      voucherMinutes: 0,
      actor: { id: actor.id, name: actor.name },
    });
    const again = await start(guest, actor.id, 'livechat', key);
    expect(again.json().data.sessionId).toBe(answer.sessionId);
    const otherActor = (await actorOnline()).id;
    const other = await start(guest, otherActor, 'livechat', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A second chat with a new key while this one is not over: one paid chat per guest.
    const busy = await start(guest, otherActor);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('GUEST_IN_CHAT');
    expect(
      await countOf(sql`select count(*)::int as n from live_sessions where guest_id = ${guest.id}`),
    ).toBe(1);
  });

  it('a running chat: messages relayed once per message id to every page of the guest and to the performer; exit ends it (chatEnd, liveEnded, media closed), the receipt lists every charged minute as the ledger charged it, the rating is stored', async () => {
    const actor = await actorOnline({ name: `Sig${Date.now() % 100000}` });
    const guest = await guestWith(1000);
    const { sessionId, page } = await runningChat(guest, actor.id);
    const second = await pageOf(guest);

    const messageId = randomUUID();
    send(page, guest, { type: 'liveMessage', sessionId, messageId, text: '  hello there  ' });
    send(page, guest, { type: 'liveMessage', sessionId, messageId, text: '  hello there  ' });
    const relayed = await page.next('liveMessage');
    expect(relayed).toMatchObject({ sessionId, messageId, from: 'guest', text: 'hello there' });
    expect((await second.next('liveMessage')).messageId).toBe(messageId);
    await marker(page, guest);
    expect(page.received.filter((m) => m.type === 'liveMessage')).toHaveLength(1);
    expect(
      await countOf(sql`select count(*)::int as n from live_messages where session_id = ${sessionId}`),
    ).toBe(1);
    // The performer's inbox has the message once.
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/performer/inbox?after=0&waitMs=0',
      headers: { [PERFORMER_TOKEN_HEADER]: performerToken(SECRET, actor.id) },
    });
    const events = inbox.json().data.events as { type: string; text?: string }[];
    expect(events.filter((event) => event.type === 'guestMessage').map((event) => event.text)).toEqual([
      'hello there',
    ]);
    // The performer's reply reaches every page of the guest.
    expect(
      (await performer(actor.id, `sessions/${sessionId}/messages`, { text: 'hi, welcome' })).statusCode,
    ).toBe(200);
    expect(await second.next('liveMessage')).toMatchObject({
      sessionId,
      from: 'performer',
      text: 'hi, welcome',
    });
    expect((await page.next('liveMessage')).from).toBe('performer');

    // Two whole minutes and a part of the third are delivered, then the guest ends the chat.
    await sleep(2_400);
    const exit = await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {});
    expect(exit.statusCode).toBe(200);
    expect(exit.json().data).toMatchObject({ sessionId, status: 'ended', exitCode: 100 });
    const ended = await page.next('liveEnded');
    expect(ended).toMatchObject({ sessionId, exitCode: 100 });
    const chatEnd = await second.next('chatEnd');
    expect(chatEnd).toMatchObject({
      chatId: sessionId,
      actorId: actor.id,
      actorName: actor.name,
      isVoyeur: false,
    });
    expect(media.callsOf('close', sessionId).length).toBeGreaterThan(0);

    const receipt = await rest(guest, 'GET', `live/sessions/${sessionId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const data = receipt.json().data;
    expect(data.minutes.length).toBeGreaterThanOrEqual(3);
    const whole = data.minutes.filter((m: { partial: boolean }) => !m.partial);
    expect(
      whole.every((m: { cents: number; paidWith: string }) => m.cents === 100 && m.paidWith === 'coins'),
    ).toBe(true);
    expect(data.minutes.at(-1).partial).toBe(true);
    expect(data.minutes.map((m: { index: number }) => m.index)).toEqual(
      data.minutes.map((_: unknown, i: number) => i),
    );
    // Every receipt minute is the ledger's transfer under its key, with the same amount.
    const ledger = await queryRows<{ key: string; cents: number }>(
      t.database.db,
      sql`select t.idempotency_key as key, -e.amount_cents as cents from ledger_transfers t
          join ledger_entries e on e.transfer_id = t.id join ledger_accounts a on a.id = e.account_id
          where t.idempotency_key like ${`live:${sessionId}:%`} and a.kind = 'guest-wallet' order by t.id`,
    );
    expect(ledger.map((row) => Number(row.cents))).toEqual(
      data.minutes.map((m: { cents: number }) => m.cents),
    );
    expect(data.totals.cents).toBe(ledger.reduce((sum, row) => sum + Number(row.cents), 0));
    expect(chatEnd.price.value).toBe(data.totals.price.value);

    const view = await rest(guest, 'GET', `live/sessions/${sessionId}`);
    expect(view.json().data).toMatchObject({ status: 'ended', exitCode: 100, rating: null });
    expect(view.json().data.messages).toEqual([
      expect.objectContaining({ messageId, text: 'hello there', from: 'guest' }),
      expect.objectContaining({ text: 'hi, welcome', from: 'performer' }),
    ]);
    const rated = await rest(guest, 'POST', 'survey/chatexit', { chatId: sessionId, rating: 'GREAT' });
    expect(rated.statusCode).toBe(200);
    expect((await rest(guest, 'GET', `live/sessions/${sessionId}`)).json().data.rating).toBe('GREAT');
    const badRating = await rest(guest, 'POST', 'survey/chatexit', { chatId: sessionId, rating: 'OK' });
    expect(badRating.statusCode).toBe(400);
  });

  it("another guest's session is 404 on every call and LIVE_SESSION_NOT_ACTIVE on every socket message; nothing reaches the media path", async () => {
    const actor = await actorOnline();
    const owner = await guestWith(1000);
    const { sessionId, offer } = await runningChat(owner, actor.id);
    const other = await guestWith(1000);
    const before = media.calls.length;

    for (const [method, path, payload] of [
      ['GET', `live/sessions/${sessionId}`, undefined],
      ['GET', `live/sessions/${sessionId}/receipt`, undefined],
      ['POST', `live/sessions/${sessionId}/exit`, {}],
      ['POST', 'survey/chatexit', { chatId: sessionId, rating: 'BAD' }],
    ] as const) {
      const answer = await rest(other, method, path, payload);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().error.code).toBe('LIVE_SESSION_NOT_FOUND');
    }
    const page = await pageOf(other);
    const messages = [
      { type: 'liveJoin', sessionId },
      { type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: vp8Sdp('recvonly') },
      {
        type: 'liveIceCandidate',
        sessionId,
        offerId: offer.offerId,
        candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' },
      },
      { type: 'livePublishOffer', sessionId, sdp: vp8Sdp('sendonly') },
      { type: 'liveMediaUp', sessionId, offerId: offer.offerId },
      { type: 'liveMessage', sessionId, messageId: randomUUID(), text: 'hi' },
      { type: 'liveExit', sessionId },
    ];
    for (const message of messages) {
      send(page, other, message);
      expect(await refused(page, message.type)).toBe('LIVE_SESSION_NOT_ACTIVE');
    }
    expect(media.calls.length).toBe(before);
    expect((await sessionRow(sessionId))?.status).toBe('running');
  });

  it('an ended session takes no media: answer, candidate and message answer LIVE_SESSION_NOT_ACTIVE; a join shows the end', async () => {
    const actor = await actorOnline();
    const guest = await guestWith(1000);
    const { sessionId, page, offer } = await runningChat(guest, actor.id);
    expect((await performer(actor.id, `sessions/${sessionId}/kick`)).statusCode).toBe(200);
    expect((await page.next('liveEnded')).exitCode).toBe(201);
    const before = media.calls.length;
    send(page, guest, { type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: vp8Sdp('recvonly') });
    expect(await refused(page, 'liveAnswer')).toBe('LIVE_SESSION_NOT_ACTIVE');
    send(page, guest, {
      type: 'liveIceCandidate',
      sessionId,
      offerId: offer.offerId,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' },
    });
    expect(await refused(page, 'liveIceCandidate')).toBe('LIVE_SESSION_NOT_ACTIVE');
    send(page, guest, { type: 'liveMessage', sessionId, messageId: randomUUID(), text: 'still there?' });
    expect(await refused(page, 'liveMessage')).toBe('LIVE_SESSION_NOT_ACTIVE');
    expect(media.calls.length).toBe(before);
    send(page, guest, { type: 'liveJoin', sessionId });
    const state = await page.next('liveState');
    expect(state).toMatchObject({ sessionId, status: 'ended', exitCode: 201 });
  });

  it("a logout on the chat's page ends the chat with 101 (the page's socket expires: the real cause, not a disconnect)", async () => {
    const { guest, sessionId, page } = await shownChat();
    expect((await rest(guest, 'POST', 'vxpay/logout')).statusCode).toBe(200);
    await page.next('sessionExpired');
    for (let i = 0; i < 100 && (await sessionRow(sessionId))?.status !== 'ended'; i++) await sleep(20);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'ended', exit_code: 101 });
  });

  it("the age check revoked while the chat runs (avsRevoked on the guest's channel, as the AVS module publishes it) ends the chat on that page with 601", async () => {
    const { guest, sessionId, page } = await shownChat();
    await publishToGuest(t.bus, guest.id, { type: 'avsRevoked' });
    expect((await page.next('liveEnded')).exitCode).toBe(601);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'ended', exit_code: 601 });
  });

  it('a voyeur watches and does not write (LIVE_SESSION_NOT_ACTIVE, nothing stored); a voyeur private chat needs a private chat to watch (409)', async () => {
    const actor = await actorOnline({ isVoyeurChatAvailable: true, priceVoyeurCents: 100 });
    const guest = await guestWith(1000);
    const nothing = await start(guest, actor.id, 'voyeur-private-chat');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('NO_PRIVATE_CHAT_TO_WATCH');

    const page = await pageOf(guest);
    const sessionId = (await start(guest, actor.id, 'voyeur-chat')).json().data.sessionId as string;
    const offer = await page.next('liveOffer');
    send(page, guest, { type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: vp8Sdp('recvonly') });
    send(page, guest, { type: 'liveMediaUp', sessionId, offerId: offer.offerId });
    media.deliver(sessionId, 'up', 'guest');
    for (let i = 0; i < 100 && (await sessionRow(sessionId))?.status !== 'running'; i++) await sleep(20);
    expect((await sessionRow(sessionId))?.status).toBe('running');
    send(page, guest, { type: 'liveMessage', sessionId, messageId: randomUUID(), text: 'can I talk?' });
    expect(await refused(page, 'liveMessage')).toBe('LIVE_SESSION_NOT_ACTIVE');
    expect(
      await countOf(sql`select count(*)::int as n from live_messages where session_id = ${sessionId}`),
    ).toBe(0);
    await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {});
  });

  it('bad input on the socket changes nothing: an oversize, non-VP8, audio+video or malformed SDP, a message over 500 characters, a control character, an empty message', async () => {
    const actor = await actorOnline();
    const guest = await guestWith(1000);
    const page = await pageOf(guest);
    const started = await start(guest, actor.id, 'live-show');
    const sessionId = started.json().data.sessionId as string;
    const offer = await page.next('liveOffer');
    const answer = (sdp: string) => ({ type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp });

    send(page, guest, answer(`${vp8Sdp('recvonly')}${'a=x\r\n'.repeat(LIVE_SDP_MAX_BYTES / 5)}`));
    expect(await refused(page, 'liveAnswer')).toBe('INVALID_MESSAGE');
    send(page, guest, answer(vp8Sdp('recvonly').replace('VP8/90000', 'H264/90000')));
    expect(await refused(page, 'liveAnswer')).toBe('INVALID_SDP');
    send(
      page,
      guest,
      answer(`${vp8Sdp('recvonly')}m=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n`),
    );
    expect(await refused(page, 'liveAnswer')).toBe('INVALID_SDP');
    send(page, guest, answer('hello'));
    expect(await refused(page, 'liveAnswer')).toBe('INVALID_SDP');
    expect(media.callsOf('acceptViewerAnswer', sessionId)).toHaveLength(0);

    const message = (text: string) => ({ type: 'liveMessage', sessionId, messageId: randomUUID(), text });
    send(page, guest, message('x'.repeat(501)));
    expect(await refused(page, 'liveMessage')).toBe('INVALID_MESSAGE');
    send(page, guest, message('bell\u0007'));
    expect(await refused(page, 'liveMessage')).toBe('INVALID_CHARACTERS');
    send(page, guest, message('   '));
    expect(await refused(page, 'liveMessage')).toBe('INVALID_MESSAGE');
    expect(
      await countOf(sql`select count(*)::int as n from live_messages where session_id = ${sessionId}`),
    ).toBe(0);

    // The valid answer is forwarded once; a second answer to the same offer is refused.
    send(page, guest, answer(vp8Sdp('recvonly')));
    send(page, guest, answer(vp8Sdp('recvonly')));
    expect(await refused(page, 'liveAnswer')).toBe('LIVE_SESSION_NOT_ACTIVE');
    expect(media.callsOf('acceptViewerAnswer', sessionId)).toHaveLength(1);
    await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {});
  });

  it('media up needs both the page (liveMediaUp) and the server transport; a reload re-joins within the grace period with a new offer, the old one is refused', async () => {
    const actor = await actorOnline({ name: `Join${Date.now() % 100000}` });
    const guest = await guestWith(1000);
    const page = await pageOf(guest);
    const started = await start(guest, actor.id);
    const sessionId = started.json().data.sessionId as string;
    await performer(actor.id, `sessions/${sessionId}/accept`);
    const offer = await page.next('liveOffer');
    expect(media.callsOf('ensureSource').at(-1)).toMatchObject({
      actorId: actor.id,
      source: { kind: 'test-pattern', label: actor.name },
    });
    send(page, guest, { type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: vp8Sdp('recvonly') });
    media.deliver(sessionId, 'up', 'guest');
    await marker(page, guest);
    expect((await sessionRow(sessionId))?.status).toBe('starting');
    send(page, guest, { type: 'liveMediaUp', sessionId, offerId: randomUUID() });
    expect(await refused(page, 'liveMediaUp')).toBe('LIVE_SESSION_NOT_ACTIVE');
    send(page, guest, { type: 'liveMediaUp', sessionId, offerId: offer.offerId });
    await page.next('liveState');
    expect((await page.next('liveState')).status).toBe('running');

    // The page that shows the chat joined it; its close is the guest's disconnect (billing stops).
    send(page, guest, { type: 'liveJoin', sessionId });
    await page.next('liveState');
    await page.next('liveOffer');
    const disconnected = async () =>
      (
        await queryRows<{ d: unknown }>(
          t.database.db,
          sql`select state->'disconnected' as d from live_sessions where id = ${sessionId}`,
        )
      )[0]?.d ?? null;
    expect(await disconnected()).toBeNull();
    page.close();
    await page.closed;
    for (let i = 0; i < 50 && (await disconnected()) === null; i++) await sleep(20);
    expect(await disconnected()).not.toBeNull();

    // The reload: a new page joins within the grace period and gets a new offer; the old viewer is closed.
    const reloaded = await pageOf(guest);
    send(reloaded, guest, { type: 'liveJoin', sessionId });
    expect(await reloaded.next('liveState')).toMatchObject({ sessionId, status: 'running' });
    const second = await reloaded.next('liveOffer');
    expect(second.offerId).not.toBe(offer.offerId);
    expect(await disconnected()).toBeNull();
    expect(media.callsOf('openViewer', sessionId)).toHaveLength(3);
    send(reloaded, guest, { type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: vp8Sdp('recvonly') });
    expect(await refused(reloaded, 'liveAnswer')).toBe('LIVE_SESSION_NOT_ACTIVE');
    await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {});
    expect((await sessionRow(sessionId))?.exit_code).toBe(100);
  });

  it('cam2cam: the guest camera offer of a video call goes to the media path and its answer to the pages; a live show takes no camera', async () => {
    const actor = await actorOnline({ priceSinglec2cCents: 200 });
    const guest = await guestWith(1000);
    const page = await pageOf(guest);
    const started = await start(guest, actor.id, 'video-call');
    const sessionId = started.json().data.sessionId as string;
    await performer(actor.id, `sessions/${sessionId}/accept`);
    await page.next('liveOffer');
    send(page, guest, { type: 'livePublishOffer', sessionId, sdp: vp8Sdp('sendonly') });
    const answer = await page.next('livePublishAnswer');
    expect(answer.sessionId).toBe(sessionId);
    expect(liveSdpProblem(answer.sdp)).toBeNull();
    expect(media.callsOf('publishGuestCamera', sessionId)).toHaveLength(1);
    await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {});

    const show = await start(guest, actor.id, 'live-show');
    const showId = show.json().data.sessionId as string;
    await page.next('liveOffer');
    send(page, guest, { type: 'livePublishOffer', sessionId: showId, sdp: vp8Sdp('sendonly') });
    expect(await refused(page, 'livePublishOffer')).toBe('LIVE_SESSION_NOT_ACTIVE');
    expect(media.callsOf('publishGuestCamera', showId)).toHaveLength(0);
    await rest(guest, 'POST', `live/sessions/${showId}/exit`, {});
  });
});

describe('a page on another node than the session (decision 0038 part 4: relayed over the bus)', () => {
  let make: ReturnType<typeof factoriesOf>;
  const mediaB = recordingMedia();
  let nodeB: LiveNodeModule;

  beforeAll(async () => {
    make = factoriesOf(t, { net: '10.119' });
    // Node B: the live module as app.ts builds it, on the same database and bus; it owns no session.
    nodeB = await secondLiveNode(t, 'node-b', mediaB);
  });
  afterAll(async () => {
    await nodeB.stop?.();
  });

  /** Waits (bounded) until `check` holds: the owner runs relayed messages asynchronously. */
  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 100 && !(await check()); i++) await sleep(20);
    expect(await check()).toBe(true);
  }

  it("answer, media-up, message and exit sent to node B reach the owner node's session; another guest's and an ended session's are refused on B", async () => {
    const guest = await make.buildGuest({ balanceCents: 1000 });
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    const actor = await make.buildActor({ isOnline: true, multiChatPriceCents: 100 });
    const offers: { offerId: string; sessionId: string }[] = [];
    const unsubscribe = await t.bus.subscribe(guestChannel(guest.id), (event) => {
      const e = event as { type: string; offerId: string; sessionId: string };
      if (e.type === 'liveOffer') offers.push(e);
    });
    const started = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/live/start',
      remoteAddress: nextIp('10.119'),
      headers: { authorization: `Bearer ${guest.accessToken}` },
      payload: { actorId: actor.id, type: 'live-show', idempotencyKey: randomUUID() },
    });
    const sessionId = started.json().data.sessionId as string;
    await eventually(async () => offers.some((offer) => offer.sessionId === sessionId));
    const offerId = offers.find((offer) => offer.sessionId === sessionId)?.offerId as string;
    const b = nodeB.service;

    await b.answer(guest.id, sessionId, offerId, vp8Sdp('recvonly'));
    await eventually(async () => media.callsOf('acceptViewerAnswer', sessionId).length === 1);
    await b.mediaUp(guest.id, sessionId, offerId);
    media.deliver(sessionId, 'up', 'guest');
    await eventually(async () => (await sessionRow(sessionId))?.status === 'running');

    const messageId = randomUUID();
    await b.message(guest.id, sessionId, messageId, 'from node b');
    await b.message(guest.id, sessionId, messageId, 'from node b');
    const messages = () =>
      queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from live_messages where session_id = ${sessionId}`,
      );
    await eventually(async () => (await messages())[0]?.n === 1);

    const other = await make.buildGuest({ balanceCents: 1000 });
    await expect(b.answer(other.id, sessionId, offerId, vp8Sdp('recvonly'))).rejects.toMatchObject({
      code: 'LIVE_SESSION_NOT_ACTIVE',
    });
    expect(await b.exit(other.id, sessionId)).toBe(false);

    expect(await b.exit(guest.id, sessionId)).toBe(true);
    await eventually(async () => (await sessionRow(sessionId))?.status === 'ended');
    expect((await sessionRow(sessionId))?.exit_code).toBe(100);
    await expect(b.message(guest.id, sessionId, randomUUID(), 'too late')).rejects.toMatchObject({
      code: 'LIVE_SESSION_NOT_ACTIVE',
    });
    expect(mediaB.calls).toEqual([]);
    expect((await messages())[0]?.n).toBe(1);
    await unsubscribe();
  });
});

describe('mayMedia: the one check of every media and chat message', () => {
  const opened = (balanceCents: number) =>
    openChatSession(
      {
        sessionId: randomUUID(),
        guestId: 7,
        actorId: 3,
        actorName: 'A',
        start: {
          ok: true,
          type: 'livechat',
          pricePerMinuteCents: 100,
          voucherMinutes: 0,
          needsPerformerAccept: true,
          allowanceMs: null,
        },
        balanceCents,
        isToyControl: false,
        settings: { ...DEFAULT_CHAT_SESSION_SETTINGS, minuteMs: 60_000 },
      },
      0,
    ).state;

  it('only the owning guest, only starting or running, and never past the funded time', () => {
    const requested = opened(150);
    expect(mayMedia(requested, 7, 0)).toBe(false);
    const starting = { ...requested, status: 'starting' as const };
    expect(mayMedia(starting, 7, 0)).toBe(true);
    expect(mayMedia(starting, 8, 0)).toBe(false);
    expect(mayMedia(undefined, 7, 0)).toBe(false);
    // 150 cents at 100 per minute pay 90 s of delivery.
    const running = { ...starting, status: 'running' as const, deliveringSince: 1_000 };
    expect(deliveredAt(running, 61_000)).toBe(60_000);
    expect(mayMedia(running, 7, 90_999)).toBe(true);
    expect(mayMedia(running, 7, 91_000)).toBe(false);
    expect(mayMedia({ ...running, status: 'ending' as const }, 7, 2_000)).toBe(false);
    expect(mayMedia({ ...running, status: 'ended' as const }, 7, 2_000)).toBe(false);
  });

  it('liveSdpProblem: 16 KB, one video m-line, VP8 (and its rtx) only', () => {
    expect(liveSdpProblem(vp8Sdp('recvonly'))).toBeNull();
    expect(liveSdpProblem(vp8Sdp('recvonly', 'a=rtpmap:97 rtx/90000'))).toBeNull();
    expect(liveSdpProblem(vp8Sdp('recvonly', 'a=rtpmap:98 VP9/90000'))).toMatch(/VP8 only/);
    expect(liveSdpProblem(`${vp8Sdp('recvonly')}m=video 9 UDP/TLS/RTP/SAVPF 96\r\n`)).toMatch(/one video/);
    expect(liveSdpProblem(`${vp8Sdp('recvonly')}${'x'.repeat(LIVE_SDP_MAX_BYTES)}`)).toMatch(/16 KB/);
  });
});
