/**
 * The guest socket (issue 6; spec 4 "Socket", "Notifications", "Favorites", spec 7 socket messages,
 * spec 8 close codes, spec 9 ping and newest 5) through a real listening server and `ws` clients, on
 * this file's own database. The rules each test proves are in its name.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActorPresenceRepository } from '../src/modules/catalog/catalog.repository.ts';
import { createPresenceService } from '../src/modules/presence/presence.service.ts';
import { logIn, nextIp, operatorOf, PASSWORD, sessionCookieOf, signUp } from './guest-helpers.ts';
import { openSocket, type TestSocket } from './socket-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.61';
const TOKEN = 'realtime-operator-token-0123456789';
const operator = operatorOf(TOKEN);

interface Guest {
  id: number;
  cookie: string;
  token: string;
}

describe('guest socket /socket (spec 4, 7, 8, 9)', () => {
  let t: TestApp;
  let url: string;
  let alice: Guest;
  let bob: Guest;
  const sockets: TestSocket[] = [];

  const guest = async (name: string): Promise<Guest> => {
    const { cookie, id } = await signUp(t.app, name, { ip: nextIp(NET) });
    const minted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      headers: { cookie },
    });
    expect(minted.statusCode, minted.body).toBe(200);
    return { id, cookie, token: minted.json().data.accessToken };
  };
  const open = async () => {
    const socket = await openSocket(url);
    sockets.push(socket);
    return socket;
  };
  const as = (who: Guest | null) => ({
    accessToken: who?.token ?? null,
    guestId: who ? String(who.id) : null,
  });
  /** A socket with a session; it pings every 400 ms (the idle time of this file is 1.5 s). */
  const session = async (who: Guest | null, language = 'en', keepAlive = true) => {
    const socket = await open();
    socket.send({ type: 'requestSession', language, ...as(who) });
    const ack = await socket.next('ackSession');
    if (keepAlive) {
      const timer = setInterval(() => socket.send({ type: 'ping', ...as(who) }), 400);
      void socket.closed.then(() => clearInterval(timer));
    }
    return { socket, ack };
  };
  /** Waits for the pong to a ping sent now: the socket answers in arrival order. */
  const pongOf = async (socket: TestSocket, who: Guest | null) => {
    socket.send({ type: 'ping', ...as(who) });
    await socket.next('pong');
  };
  /**
   * Publishes a marker to every page of `who` (the operator's page reload, on the guest's bus channel)
   * and waits until `socket` has it: the bus and the hub deliver in publish order, so whatever was
   * published before it for this socket has arrived by then.
   */
  const markerOn = async (socket: TestSocket, who: Guest) => {
    const marked = await operator(t.app, 'POST', `guests/${who.id}/page-reload`);
    expect(marked.statusCode, marked.body).toBe(200);
    await socket.next('pageReload');
  };
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    queryRows<T>(t.database.db, query);
  const actorIds = async (n: number, online: boolean) =>
    (
      await rows<{ id: number }>(
        sql`select id from actors where is_online = ${online} order by id limit ${n}`,
      )
    ).map((r) => Number(r.id));

  beforeAll(async () => {
    t = await createTestApp({
      env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' },
      socketTiming: { idleTimeoutMs: 1_500 },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/socket`;
    alice = await guest('rtAlice');
    bob = await guest('rtBob');
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  it('spec 7: a visitor gets a session without snapshot, ping -> pong (ttl 50000), guest-only messages -> NOT_LOGGED_IN and the socket stays', async () => {
    const { socket, ack } = await session(null, 'de');
    expect(ack).toEqual({ type: 'ackSession', guestId: null, language: 'de', snapshot: null });
    socket.send({ type: 'ping', ...as(null) });
    expect(await socket.next('pong')).toEqual({ type: 'pong', ttl: 50_000 });
    socket.send({ type: 'pinActor', actorId: 1, ...as(null) });
    expect(await socket.next('error')).toMatchObject({ code: 'NOT_LOGGED_IN', inReplyTo: 'pinActor' });
    socket.send({ type: 'ping', ...as(null) });
    await socket.next('pong');
  });

  it('the anonymous voice caller (decision 0051): a visitor socket with its session’s token hears the call’s stand-in channel, is refused every guest message, and is a visitor’s again when the call ends', async () => {
    const [actorId] = await actorIds(1, true);
    const providerCallId = `rt-${Date.now()}`;
    const dialed = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/sandbox/dial',
      payload: { providerCallId, from: '+4930555000111', actorId, ageVerified: true },
    });
    expect(dialed.statusCode, dialed.body).toBe(200);
    const visitor = async () => {
      const minted = await t.app.inject({ method: 'POST', url: '/rest/v1/guest/accessToken' });
      return {
        cookie: String(minted.headers['set-cookie']).split(';')[0]!,
        token: minted.json().data.accessToken as string,
      };
    };
    const caller = await visitor();
    const bystander = await visitor();
    const entered = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/anonymous',
      headers: { cookie: caller.cookie },
      payload: { accessToken: dialed.json().data.accessToken, actorId },
    });
    expect(entered.json().data.resultCode).toBe(2000);
    const [standIn] = await rows<{ id: number }>(
      sql`select caller_guest_id as id from voice_calls where provider_call_id = ${providerCallId}`,
    );
    const standInId = Number(standIn!.id);
    const page = async (token: string) => {
      const socket = await open();
      const send = (message: object) => socket.send({ ...message, accessToken: token, guestId: null });
      send({ type: 'requestSession', language: 'en' });
      expect(await socket.next('ackSession')).toMatchObject({ guestId: null, snapshot: null });
      return { socket, send };
    };
    const callerPage = await page(caller.token);
    const otherPage = await page(bystander.token);
    // The stand-in's channel reaches the caller's page, not another visitor's.
    const reload = await operator(t.app, 'POST', `guests/${standInId}/page-reload`);
    expect(reload.statusCode, reload.body).toBe(200);
    await callerPage.socket.next('pageReload');
    // Guest messages stay the visitor's refusal (only the call's live messages are the caller's).
    for (const type of ['pinActor', 'canOneClick', 'refreshEmailProperties'] as const) {
      callerPage.send(type === 'pinActor' ? { type, actorId } : { type });
      expect(await callerPage.socket.next('error')).toMatchObject({ code: 'NOT_LOGGED_IN', inReplyTo: type });
    }
    callerPage.send({ type: 'liveJoin', sessionId: crypto.randomUUID() });
    expect(await callerPage.socket.next('error')).toMatchObject({
      code: 'NOT_LOGGED_IN',
      inReplyTo: 'liveJoin',
    });
    expect(await otherPage.socket.none('pageReload', () => pongOf(otherPage.socket, null))).toBe(true);

    // The hangup: voicecallStop reaches the caller's page, then its scope ends.
    const ended = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/sandbox/hangup',
      payload: { providerCallId },
    });
    expect(ended.json().data.exitCode).toBe(903);
    await callerPage.socket.next('voicecallStop');
    let heard = true;
    for (let i = 0; i < 50 && heard; i++) {
      await operator(t.app, 'POST', `guests/${standInId}/page-reload`);
      callerPage.send({ type: 'ping' });
      await callerPage.socket.next('pong');
      heard = !(await callerPage.socket.none('pageReload', () => pongOf(callerPage.socket, null)));
      if (heard) await callerPage.socket.next('pageReload');
    }
    expect(heard).toBe(false);
  });

  it('spec 4: a guest’s ackSession carries the snapshot to resync from (balance, AVS, VIP/TV, notification counts, pins, messenger unread)', async () => {
    const { ack } = await session(alice);
    expect(ack.guestId).toBe(String(alice.id));
    expect(ack.snapshot).toEqual({
      balance: {
        guestBalance: 0,
        guestBalanceFormatted: expect.any(String),
        guestBalanceCents: 0,
        guestIsPayingCustomer: false,
      },
      avsStatus: 'unknown',
      vipAboStatus: 'none',
      vxtvAboStatus: 'none',
      notifications: { unreadTotal: 0, unseenTotal: 0 },
      pinnedActorIds: [],
      pinnedItems: { album: [], picture: [], sedcards: [] },
      vouchers: [],
      messenger: { unreadTotal: 0, navbar: [] },
      voiceCall: null,
    });
  });

  it('spec 3 isVoicecallActive (decision 0051): the snapshot carries the guest’s running voice call — a page opened after voicecallStart knows it, another guest never sees it, null after the hangup', async () => {
    const [actorId] = await actorIds(1, true);
    const caller = await guest('rtVoiceCaller');
    const number = `+4930555${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    await t.database.db.execute(
      sql`insert into verified_phones (phone_e164, guest_id, type) values (${number}, ${caller.id}, 'mobile')`,
    );
    const providerCallId = `rt-guest-${Date.now()}`;
    const dialed = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/sandbox/dial',
      payload: { providerCallId, from: number, actorId },
    });
    expect(dialed.json().data.caller, dialed.body).toBe('guest');
    const state = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/voicecall/state',
      headers: { cookie: caller.cookie },
    });
    const { ack } = await session(caller);
    expect(ack.snapshot?.voiceCall).toEqual(state.json().data.call);
    expect(ack.snapshot?.voiceCall).toMatchObject({ actorId, voicecallIdHash: expect.any(String) });
    expect((await session(bob)).ack.snapshot?.voiceCall).toBeNull();
    const ended = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/sandbox/hangup',
      payload: { providerCallId },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await session(caller)).ack.snapshot?.voiceCall).toBeNull();
  });

  it('spec 4: messages sent before the acknowledgement are answered after it, in order', async () => {
    const socket = await open();
    socket.send({ type: 'requestSession', language: 'en', ...as(alice) });
    socket.send({ type: 'ping', ...as(alice) });
    socket.send({ type: 'getNavbarNotifications', ...as(alice) });
    await socket.next('navbarNotifications');
    expect(socket.received.map((m) => m.type)).toEqual(['ackSession', 'pong', 'navbarNotifications']);
  });

  it('spec 7: a message before requestSession gets NO_SESSION; malformed, unknown and invalid messages get an error reply and never close the socket', async () => {
    const socket = await open();
    socket.send({ type: 'ping', ...as(alice) });
    expect(await socket.next('error')).toMatchObject({ code: 'NO_SESSION', inReplyTo: 'ping' });
    socket.send({ type: 'requestSession', language: 'en', ...as(alice) });
    await socket.next('ackSession');
    socket.send('{not json');
    expect(await socket.next('error')).toMatchObject({ code: 'MALFORMED_MESSAGE', inReplyTo: null });
    socket.send({ type: 'fly', ...as(alice) });
    expect(await socket.next('error')).toMatchObject({ code: 'UNKNOWN_MESSAGE', inReplyTo: 'fly' });
    socket.send({ type: 'pinActor', actorId: 'seven', ...as(alice) });
    const invalid = await socket.next('error');
    expect(invalid).toMatchObject({ code: 'INVALID_MESSAGE', inReplyTo: 'pinActor' });
    expect(invalid.message).toContain('actorId');
    socket.send({ type: 'ping', ...as(alice), extra: 1 });
    expect(await socket.next('error')).toMatchObject({ code: 'INVALID_MESSAGE', inReplyTo: 'ping' });
    socket.send({ type: 'sendSignupEmail', ...as(alice), email: 'alice@example.com' });
    expect(await socket.next('error')).toMatchObject({
      code: 'UNSUPPORTED_MESSAGE',
      inReplyTo: 'sendSignupEmail',
    });
    socket.send({ type: 'ping', ...as(alice) });
    await socket.next('pong');
  });

  it('spec 8: a first frame that is not JSON, an invalid token or another guest’s id is a protocol error: error reply, close 1002', async () => {
    const garbage = await open();
    garbage.send('hello');
    expect(await garbage.next('error')).toMatchObject({ code: 'MALFORMED_MESSAGE' });
    expect((await garbage.closed).code).toBe(1002);

    const forged = await open();
    forged.send({
      type: 'requestSession',
      language: 'en',
      accessToken: `${alice.token}x`,
      guestId: String(alice.id),
    });
    expect(await forged.next('error')).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await forged.closed).code).toBe(1002);

    const impostor = await open();
    impostor.send({
      type: 'requestSession',
      language: 'en',
      accessToken: alice.token,
      guestId: String(bob.id),
    });
    expect(await impostor.next('error')).toMatchObject({ code: 'TOKEN_MISMATCH' });
    expect((await impostor.closed).code).toBe(1002);
  });

  it('spec 7: every later message must carry this session’s token and guest id (TOKEN_MISMATCH otherwise)', async () => {
    const { socket } = await session(alice);
    socket.send({ type: 'getNavbarNotifications', ...as(bob) });
    expect(await socket.next('error')).toMatchObject({ code: 'TOKEN_MISMATCH' });
    socket.send({ type: 'getNavbarNotifications', accessToken: alice.token, guestId: String(bob.id) });
    expect(await socket.next('error')).toMatchObject({ code: 'TOKEN_MISMATCH' });
    // Messages are answered in arrival order: the pong to a later ping comes after any answer to these.
    expect(await socket.none('navbarNotifications', () => pongOf(socket, alice))).toBe(true);
  });

  it('spec 8: without a ping for the idle time the server closes with 4000', async () => {
    const { socket } = await session(alice, 'en', false);
    const closed = await socket.closed;
    expect(closed.code).toBe(4000);
  });

  it('a guest event reaches every open page of that guest and no other guest', async () => {
    const a1 = (await session(alice)).socket;
    const a2 = (await session(alice)).socket;
    const b = (await session(bob)).socket;
    const created = await operator(t.app, 'POST', `guests/${alice.id}/notifications`, {
      type: 9,
      params: { text: 'hello' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [n1, n2] = await Promise.all([a1.next('notification'), a2.next('notification')]);
    expect(n1.notification.params).toEqual({ text: 'hello' });
    expect(n2.notification.id).toBe(n1.notification.id);
    expect(await b.none('notification', () => markerOn(b, bob))).toBe(true);
    // A module's own event, as it publishes it after its commit (promotions: guestVouchers).
    const grant = await operator(t.app, 'POST', `guests/${alice.id}/vouchers`, {
      idempotencyKey: 'rt-voucher-1',
      type: 1,
      amount: 3,
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const [v1, v2] = await Promise.all([a1.next('guestVouchers'), a2.next('guestVouchers')]);
    expect(v1.vouchers).toEqual(grant.json().data.vouchers);
    expect(v2.vouchers).toEqual(v1.vouchers);
    expect(await b.none('guestVouchers', () => markerOn(b, bob))).toBe(true);
    // A page opened after the grant resyncs the vouchers from its snapshot (issue 17: the buy buttons).
    const { ack: later } = await session(alice);
    expect(later.snapshot?.vouchers).toEqual(v1.vouchers);
    expect((await session(bob)).ack.snapshot?.vouchers).toEqual([]);
  });

  it('spec 4, 9: notifications — newest 5, hidden types never shown, unseen -> seen and unread -> read reach every page, removal lists, another guest’s id is NOT_FOUND', async () => {
    const carol = await guest('rtCarol');
    const { socket: c1 } = await session(carol);
    const { socket: c2 } = await session(carol);
    for (let i = 1; i <= 7; i++) {
      const created = await operator(t.app, 'POST', `guests/${carol.id}/notifications`, {
        type: 9,
        params: { text: `n${i}` },
      });
      expect(created.statusCode).toBe(201);
      await c1.next('notification');
    }
    // Hidden types are stored but never announced, listed or counted.
    for (const type of [6, 7, 13, 14, 15, 22]) {
      const hidden = await operator(t.app, 'POST', `guests/${carol.id}/notifications`, { type });
      expect(hidden.statusCode).toBe(201);
    }
    expect(await c1.none('notification', () => markerOn(c1, carol))).toBe(true);
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where guest_id = ${carol.id}`,
    );
    expect(n).toBe(13);

    c1.send({ type: 'getNavbarNotifications', ...as(carol) });
    const navbar = await c1.next('navbarNotifications');
    expect(navbar.notifications.map((x) => x.params.text)).toEqual(['n7', 'n6', 'n5', 'n4', 'n3']);
    expect(navbar.counts).toEqual({ unreadTotal: 7, unseenTotal: 7 });

    const newest = navbar.notifications[0]!;
    c1.send({ type: 'markNotificationSeen', notificationId: newest.id, ...as(carol) });
    const seen = await c2.next('notificationsMarkedSeen');
    expect(seen).toEqual({
      type: 'notificationsMarkedSeen',
      ids: [newest.id],
      counts: { unreadTotal: 7, unseenTotal: 6 },
    });
    c1.send({ type: 'getFloatingNotifications', ...as(carol) });
    const floating = await c1.next('floatingNotifications');
    expect(floating.notifications.map((x) => x.params.text)).toEqual(['n6', 'n5', 'n4', 'n3', 'n2']);

    c2.send({ type: 'markNotificationRead', notificationId: newest.id, ...as(carol) });
    expect((await c1.next('notificationsMarkedRead')).counts).toEqual({ unreadTotal: 6, unseenTotal: 6 });
    const second = navbar.notifications[1]!;
    c2.send({ type: 'markNotificationRead', notificationId: second.id, ...as(carol) });
    expect((await c1.next('notificationsMarkedRead')).counts).toEqual({ unreadTotal: 5, unseenTotal: 5 });

    // Bob cannot mark Carol's notification: it is as unknown as a missing one, and nothing changes.
    const { socket: b } = await session(bob);
    b.send({ type: 'markNotificationRead', notificationId: navbar.notifications[2]!.id, ...as(bob) });
    expect(await b.next('error')).toMatchObject({ code: 'NOT_FOUND', inReplyTo: 'markNotificationRead' });
    expect(await c1.none('notificationsMarkedRead', () => markerOn(c1, carol))).toBe(true);

    const removed = await operator(t.app, 'POST', `guests/${carol.id}/notifications/remove`, {
      ids: [navbar.notifications[2]!.id],
    });
    expect(removed.json().data.removed).toEqual([navbar.notifications[2]!.id]);
    expect(await c2.next('notificationsRemoved')).toEqual({
      type: 'notificationsRemoved',
      ids: [navbar.notifications[2]!.id],
      counts: { unreadTotal: 4, unseenTotal: 4 },
    });
    // The snapshot of a new page agrees.
    expect((await session(carol)).ack.snapshot?.notifications).toEqual({ unreadTotal: 4, unseenTotal: 4 });
  });

  it('operator notifications: validated (type 1..99, path urls), a repeated dedupe key creates nothing, an unknown guest is 404', async () => {
    for (const body of [
      { type: 0 },
      { type: 100 },
      { type: 9, url: 'https://evil.test/' },
      { type: 9, extra: 1 },
    ]) {
      const bad = await operator(t.app, 'POST', `guests/${alice.id}/notifications`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    }
    const first = await operator(t.app, 'POST', `guests/${alice.id}/notifications`, {
      type: 9,
      dedupeKey: 'once',
    });
    const again = await operator(t.app, 'POST', `guests/${alice.id}/notifications`, {
      type: 9,
      dedupeKey: 'once',
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.created).toBe(false);
    expect((await operator(t.app, 'POST', 'guests/999999/notifications', { type: 9 })).statusCode).toBe(404);
  });

  it('spec 4: pin/unpin actor, album, picture, sedcards reach every page; pinnedCount follows; favoriteRequestActors lists them; the snapshot carries the pins; unknown ids are NOT_FOUND', async () => {
    const dave = await guest('rtDave');
    const { socket: d1 } = await session(dave);
    const { socket: d2 } = await session(dave);
    const [actorId] = await actorIds(1, true);
    const [before] = await rows<{ pinned: number }>(
      sql`select pinned_count as pinned from actors where id = ${actorId}`,
    );
    d1.send({ type: 'pinActor', actorId, ...as(dave) });
    expect(await d2.next('favoritePinned')).toEqual({ type: 'favoritePinned', target: 'actor', id: actorId });
    d1.send({ type: 'pinActor', actorId, ...as(dave) });
    await d2.next('favoritePinned');
    const [after] = await rows<{ pinned: number }>(
      sql`select pinned_count as pinned from actors where id = ${actorId}`,
    );
    expect(after!.pinned).toBe(before!.pinned + 1);

    d1.send({ type: 'favoriteRequestActors', ...as(dave) });
    const favorites = await d1.next('favoriteActors');
    expect(favorites.actors.map((a) => a.id)).toEqual([actorId]);
    expect(favorites.onlineTotal).toBe(1);
    expect((await session(dave)).ack.snapshot?.pinnedActorIds).toEqual([actorId]);

    d1.send({ type: 'setPinnedActorNotification', actorId, channel: 'email', enabled: true, ...as(dave) });
    expect(await d2.next('pinnedActorNotification')).toEqual({
      type: 'pinnedActorNotification',
      actorId,
      notifyEmail: true,
      notifySms: false,
    });

    const [album] = await rows<{ id: number }>(sql`select id from albums order by id limit 1`);
    const [picture] = await rows<{ id: number }>(sql`select id from pictures order by id limit 1`);
    d1.send({ type: 'pinAlbum', albumId: Number(album!.id), ...as(dave) });
    expect(await d2.next('favoritePinned')).toMatchObject({ target: 'album', id: Number(album!.id) });
    d1.send({ type: 'pinPicture', pictureId: Number(picture!.id), ...as(dave) });
    expect(await d2.next('favoritePinned')).toMatchObject({ target: 'picture', id: Number(picture!.id) });
    d1.send({ type: 'pinSedcards', actorId, ...as(dave) });
    expect(await d2.next('favoritePinned')).toMatchObject({ target: 'sedcards', id: actorId });
    d1.send({ type: 'unpinPicture', pictureId: Number(picture!.id), ...as(dave) });
    expect(await d2.next('favoriteUnpinned')).toMatchObject({ target: 'picture', id: Number(picture!.id) });
    expect(await d1.next('favoriteUnpinned')).toMatchObject({ target: 'picture', id: Number(picture!.id) });
    const [pins] = await rows<{ albums: number; pictures: number; sedcards: number }>(sql`select
      (select count(*)::int from favorite_albums where guest_id = ${dave.id}) as albums,
      (select count(*)::int from favorite_pictures where guest_id = ${dave.id}) as pictures,
      (select count(*)::int from favorite_sedcards where guest_id = ${dave.id}) as sedcards`);
    expect(pins).toEqual({ albums: 1, pictures: 0, sedcards: 1 });
    // A page's snapshot carries the pinned items (the album page's pin buttons start from it).
    expect((await session(dave)).ack.snapshot?.pinnedItems).toEqual({
      album: [Number(album!.id)],
      picture: [],
      sedcards: [actorId],
    });

    for (const message of [
      { type: 'pinActor', actorId: 2_000_000_000 },
      { type: 'pinAlbum', albumId: 2_000_000_000 },
      { type: 'setPinnedActorNotification', actorId: 2_000_000_000, channel: 'sms', enabled: true },
    ]) {
      d1.send({ ...message, ...as(dave) });
      expect(await d1.next('error'), message.type).toMatchObject({
        code: 'NOT_FOUND',
        inReplyTo: message.type,
      });
    }

    d2.send({ type: 'unpinActor', actorId, ...as(dave) });
    expect(await d1.next('favoriteUnpinned')).toEqual({
      type: 'favoriteUnpinned',
      target: 'actor',
      id: actorId,
    });
    const [last] = await rows<{ pinned: number }>(
      sql`select pinned_count as pinned from actors where id = ${actorId}`,
    );
    expect(last!.pinned).toBe(before!.pinned);
  });

  it('spec 4: a performer going online or offline reaches every socket with the online total; the guests who pinned them get one notification per hour', async () => {
    const erin = await guest('rtErin');
    const [actorId] = await actorIds(1, false);
    const { socket: e } = await session(erin);
    e.send({ type: 'pinActor', actorId, ...as(erin) });
    await e.next('favoritePinned');
    const { socket: visitor } = await session(null);

    const online = await operator(t.app, 'POST', `actors/${actorId}/presence`, { online: true });
    expect(online.statusCode, online.body).toBe(200);
    const [{ total } = { total: -1 }] = await rows<{ total: number }>(
      sql`select count(*)::int as total from actors where is_online`,
    );
    expect(online.json().data).toEqual({
      changed: true,
      actorId,
      online: true,
      onlineTotal: total,
      notified: 1,
    });
    const seen = await visitor.next('actorOnline');
    expect(seen).toMatchObject({ type: 'actorOnline', actorId, onlineTotal: total });
    await e.next('actorOnline');
    const notification = await e.next('notification');
    expect(notification.notification).toMatchObject({
      type: 1,
      unread: true,
      unseen: true,
      params: { actorId },
    });
    expect(notification.counts).toEqual({ unreadTotal: 1, unseenTotal: 1 });

    const again = await operator(t.app, 'POST', `actors/${actorId}/presence`, { online: true });
    expect(again.json().data.changed).toBe(false);
    await operator(t.app, 'POST', `actors/${actorId}/presence`, { online: false });
    expect(await visitor.next('actorOffline')).toMatchObject({ actorId, onlineTotal: total - 1 });
    await operator(t.app, 'POST', `actors/${actorId}/presence`, { online: true });
    await e.next('actorOnline');
    // Back within the hour: no second notification.
    expect(await e.none('notification', () => markerOn(e, erin))).toBe(true);

    expect((await operator(t.app, 'POST', 'actors/2000000000/presence', { online: true })).statusCode).toBe(
      404,
    );
    expect((await operator(t.app, 'POST', `actors/${actorId}/presence`, { online: 'yes' })).statusCode).toBe(
      400,
    );
  });

  it('the demo simulator: one step swaps one online and one offline performer (the count stays), one step per half interval across nodes, and the database stays usable meanwhile', async () => {
    const { socket: visitor } = await session(null);
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from actors where is_online`))[0]?.n ?? -1;
    const before = await count();
    const simulator = createPresenceService({
      bus: t.bus,
      actors: createActorPresenceRepository(t.database.db),
      notifications: { favoriteOnline: async () => 0 },
      log: { warn: () => {} },
    });
    const [changes, alive] = await Promise.all([
      simulator.simulateStep(60_000),
      t.app.inject({ method: 'GET', url: '/rest/v1/alive' }),
    ]);
    expect(alive.statusCode).toBe(200);
    expect(changes?.map((c) => [c.online, c.changed])).toEqual([
      [false, true],
      [true, true],
    ]);
    expect(await count()).toBe(before);
    await visitor.next('actorOffline');
    await visitor.next('actorOnline');
    // Another node (or tick) within half the interval does nothing.
    expect(await simulator.simulateStep(60_000)).toBeNull();
  });

  it('spec 4: a logout or password change ends the other pages’ sessions: sessionExpired, then close', async () => {
    const fay = await guest('rtFay');
    const { socket } = await session(fay);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/vxpay/logout',
      headers: { cookie: fay.cookie },
    });
    expect(logout.statusCode).toBe(200);
    await socket.next('sessionExpired');
    expect((await socket.closed).code).toBe(1000);
    // The ended session's token opens no new socket.
    const late = await open();
    late.send({ type: 'requestSession', language: 'en', ...as(fay) });
    await late.next('sessionExpired');

    // A password change on one device ends the other devices' sessions; their pages expire, its own stays.
    const gil = await guest('rtGil');
    const other = await logIn(t.app, 'rtGil', PASSWORD, nextIp(NET));
    expect(other.statusCode, other.body).toBe(200);
    const otherCookie = sessionCookieOf(other);
    const minted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      headers: { cookie: otherCookie },
    });
    const otherDevice = { ...gil, cookie: otherCookie, token: minted.json().data.accessToken as string };
    const { socket: mine } = await session(gil);
    const { socket: theirs } = await session(otherDevice);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/password',
      headers: { cookie: gil.cookie },
      payload: { currentPassword: PASSWORD, newPassword: 'another-harbour-8842' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await theirs.next('sessionExpired');
    expect((await theirs.closed).code).toBe(1000);
    // Its own session is still live (what the socket's check reads), and a marker published after the
    // password change's announcement reaches it with no sessionExpired before it.
    const own = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/me',
      headers: { cookie: gil.cookie },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await mine.none('sessionExpired', () => markerOn(mine, gil))).toBe(true);
    expect(await mine.none('sessionExpired', () => pongOf(mine, gil))).toBe(true);
  });

  it('spec 7: the operator’s page-reload reaches every page of the guest as pageReload (unknown guest: 404)', async () => {
    const { socket: a1 } = await session(alice);
    const { socket: a2 } = await session(alice);
    const { socket: b } = await session(bob);
    const reload = await operator(t.app, 'POST', `guests/${alice.id}/page-reload`);
    expect(reload.statusCode, reload.body).toBe(200);
    await Promise.all([a1.next('pageReload'), a2.next('pageReload')]);
    expect(await b.none('pageReload', () => markerOn(b, bob))).toBe(true);
    expect((await operator(t.app, 'POST', 'guests/999999/page-reload')).statusCode).toBe(404);
  });

  it('declared operator calls (decision 0032): a bad guest or performer id, or bad removal ids, is 400 VALIDATION_ERROR', async () => {
    const cases: [string, object | undefined][] = [
      ['guests/abc/page-reload', undefined],
      ['guests/0/notifications', { type: 9 }],
      ['guests/abc/notifications/remove', { ids: ['1'] }],
      [`guests/${alice.id}/notifications/remove`, { ids: [] }],
      [`guests/${alice.id}/notifications/remove`, { ids: ['x'] }],
      [`guests/${alice.id}/notifications/remove`, { ids: ['1'], extra: true }],
      ['actors/abc/presence', { online: true }],
      ['actors/1/presence', { online: true, extra: 1 }],
    ];
    for (const [path, body] of cases) {
      const response = await operator(t.app, 'POST', path, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.code, path).toBe('VALIDATION_ERROR');
    }
  });

  it('spec 4, 6: a locked guest’s pages get guestLocked and close', async () => {
    const gus = await guest('rtGus');
    const { socket } = await session(gus);
    const lock = await operator(t.app, 'POST', `guests/${gus.id}/lock`, { locked: true });
    expect(lock.statusCode).toBe(200);
    await socket.next('guestLocked');
    expect((await socket.closed).code).toBe(1000);
  });

  it('spec 7: canOneClick -> canOneClickResult; chargeOneClick without a stored method answers its error code; removeStatusBar reaches every page', async () => {
    const { socket: a1 } = await session(alice);
    const { socket: a2 } = await session(alice);
    a1.send({ type: 'canOneClick', ...as(alice) });
    expect((await a1.next('canOneClickResult')).config.canOneClick).toBe(false);
    a1.send({ type: 'chargeOneClick', amount: 1000, idempotencyKey: 'rt-oneclick-1', ...as(alice) });
    expect(await a1.next('chargeOneClickResult')).toEqual({
      type: 'chargeOneClickResult',
      charge: null,
      errorCode: 'ONE_CLICK_NOT_AVAILABLE',
    });
    a1.send({ type: 'removeStatusBar', ...as(alice) });
    await a2.next('removeStatusBar');
    a1.send({ type: 'refreshEmailProperties', ...as(alice) });
    expect(await a2.next('emailProperties')).toEqual({
      type: 'emailProperties',
      email: 'rtalice@example.com',
    });
  });
});
