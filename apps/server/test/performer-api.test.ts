/**
 * The performer API (issue 16, decision 0038 part 7; docs/PERFORMER-API.md): who may call it (the
 * performer's own token: 401 without, 403 wrong, another performer's session 404), and that each
 * action reaches the session's engine: accept -> starting, decline -> 201, a message relayed to the
 * guest's transcript, kick -> 201 with chatEnd, going offline -> 203. Bad input is 4xx and changes
 * nothing. Real database, wallet and presence; the live node of test/performer-node.ts.
 */
import { PERFORMER_MESSAGE_MAX, PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { factoriesOf } from './factories.ts';
import { PERFORMER_SECRET, type PerformerNode, performerNodeOn } from './performer-node.ts';
import { testAppPerSuite } from './test-app.ts';

const t = testAppPerSuite({ env: { PERFORMER_API_SECRET: PERFORMER_SECRET } });

function call(
  app: FastifyInstance,
  actorId: number | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object | string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/rest/v1/performer/${url}`,
    headers: {
      ...(actorId === null ? {} : { [PERFORMER_TOKEN_HEADER]: performerToken(PERFORMER_SECRET, actorId) }),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('performer API: who may call it (decision 0038 part 7)', () => {
  let make: ReturnType<typeof factoriesOf>;
  beforeAll(() => {
    make = factoriesOf(t, { net: '10.121' });
  });

  it('the app serves it under /rest/v1/performer/ with the token of PERFORMER_API_SECRET', async () => {
    const actor = await make.buildActor();
    const answer = await call(t.app, actor.id, 'GET', 'inbox');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      data: { actorId: actor.id, cursor: 0, chats: [], events: [] },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('no token is 401 UNAUTHORIZED; a wrong, malformed or other-secret token is 403 FORBIDDEN', async () => {
    const actor = await make.buildActor();
    const missing = await call(t.app, null, 'GET', 'inbox');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('UNAUTHORIZED');
    const empty = await call(t.app, null, 'GET', 'inbox', undefined, { [PERFORMER_TOKEN_HEADER]: '' });
    expect(empty.statusCode).toBe(401);
    const good = performerToken(PERFORMER_SECRET, actor.id);
    for (const token of [
      `${good}x`,
      good.replace(/^\d+/, String(actor.id + 1)),
      performerToken('another-deployment-secret-0123456789abcdef', actor.id),
      'abc',
      `0.${good.split('.')[1]}`,
      '.',
      `${actor.id}`,
    ]) {
      const answer = await call(t.app, null, 'GET', 'inbox', undefined, { [PERFORMER_TOKEN_HEADER]: token });
      expect(answer.statusCode, token).toBe(403);
      expect(answer.json().error.code).toBe('FORBIDDEN');
    }
    // Refused before the input is looked at.
    const bad = await call(t.app, null, 'POST', 'sessions/not-a-uuid/accept');
    expect(bad.statusCode).toBe(401);
  });

  it('presence: the token sets its own performer online and offline (the catalog flag); an unknown actor is 404', async () => {
    const actor = await make.buildActor({ isOnline: false });
    const online = await call(t.app, actor.id, 'POST', 'presence', { online: true });
    expect(online.statusCode).toBe(200);
    expect(online.json().data).toEqual({ actorId: actor.id, online: true, changed: true, chatsEnded: 0 });
    const [row] = await queryRows<{ is_online: boolean }>(
      t.database.db,
      sql`select is_online from actors where id = ${actor.id}`,
    );
    expect(row?.is_online).toBe(true);
    const again = await call(t.app, actor.id, 'POST', 'presence', { online: true });
    expect(again.json().data.changed).toBe(false);
    const unknown = await call(t.app, 2_000_000_000, 'POST', 'presence', { online: true });
    expect(unknown.statusCode).toBe(404);
    const badBody = await call(t.app, actor.id, 'POST', 'presence', { online: 'yes' });
    expect(badBody.statusCode).toBe(400);
  });
});

describe('performer API: the actions reach the session (decision 0038 parts 1 and 7)', () => {
  let make: ReturnType<typeof factoriesOf>;
  let node: PerformerNode;

  beforeAll(async () => {
    make = factoriesOf(t, { net: '10.122' });
    node = await performerNodeOn(t, 'node-performer-api');
  });
  afterAll(async () => {
    await node?.api.close();
  });

  async function actorAndGuest() {
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    const guest = await node.chatGuest(make);
    return { actor, guest };
  }

  /** A livechat the performer accepted through the API, with media up (running). */
  async function runningChat() {
    const { actor, guest } = await actorAndGuest();
    const sessionId = await node.requestChat(guest.id, actor.id);
    await call(node.api, actor.id, 'POST', `sessions/${sessionId}/accept`);
    await node.live.service.event(sessionId, { type: 'mediaUp' });
    return { actor, guest, sessionId };
  }

  const status = async (sessionId: string) => {
    const row = await node.live.service.sessionById(sessionId);
    return { status: row?.status, exitCode: row?.exitCode ?? null };
  };

  it("a chat request reaches the performer's inbox (guest name, language); accept starts the session (performerAccepted)", async () => {
    const { actor, guest } = await actorAndGuest();
    const sessionId = await node.requestChat(guest.id, actor.id, 'nl');
    const inbox = (await call(node.api, actor.id, 'GET', 'inbox')).json().data;
    expect(inbox.chats).toEqual([
      expect.objectContaining({ sessionId, language: 'nl', type: 'livechat', state: 'requested' }),
    ]);
    expect(inbox.chats[0].guestName.length).toBeGreaterThan(0);
    expect(inbox.events).toEqual([expect.objectContaining({ seq: 1, type: 'chatRequest' })]);
    expect(inbox.cursor).toBe(1);

    const accepted = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ sessionId, status: 'starting', exitCode: null });
    expect(node.live.loop.stateOf(sessionId)?.status).toBe('starting');
    const after = (await call(node.api, actor.id, 'GET', 'inbox?after=1')).json().data;
    expect(after.chats[0].state).toBe('accepted');
    expect(after.events).toEqual([]);
    // Accepting twice is a conflict; the session stays as it is.
    const twice = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/accept`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('CONFLICT');
    await node.live.service.exit(guest.id, sessionId);
  });

  it("another performer's token cannot act on the session: 404, and nothing changes", async () => {
    const { actor, guest } = await actorAndGuest();
    const other = await make.buildActor({ isOnline: true });
    const sessionId = await node.requestChat(guest.id, actor.id);
    for (const action of ['accept', 'decline', 'kick', 'stop']) {
      const answer = await call(node.api, other.id, 'POST', `sessions/${sessionId}/${action}`);
      expect(answer.statusCode, action).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    }
    const message = await call(node.api, other.id, 'POST', `sessions/${sessionId}/messages`, { text: 'hi' });
    expect(message.statusCode).toBe(404);
    expect((await call(node.api, other.id, 'GET', 'inbox')).json().data.chats).toEqual([]);
    expect(await status(sessionId)).toEqual({ status: 'requested', exitCode: null });
    const unknown = await call(node.api, actor.id, 'POST', `sessions/${crypto.randomUUID()}/accept`);
    expect(unknown.statusCode).toBe(404);
    await node.live.service.exit(guest.id, sessionId);
  });

  it('decline ends the request with 201 and tells the inbox chatEnded', async () => {
    const { actor, guest } = await actorAndGuest();
    const sessionId = await node.requestChat(guest.id, actor.id);
    const declined = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toEqual({ sessionId, status: 'ended', exitCode: 201 });
    const inbox = (await call(node.api, actor.id, 'GET', 'inbox')).json().data;
    expect(inbox.chats).toEqual([]);
    expect(inbox.events.at(-1)).toEqual(
      expect.objectContaining({ type: 'chatEnded', sessionId, exitCode: 201 }),
    );
    const late = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/kick`);
    expect(late.statusCode).toBe(409);
  });

  it("a guest's message reaches the inbox; the performer's answer is relayed into the session's transcript", async () => {
    const { actor, guest } = await actorAndGuest();
    const sessionId = await node.requestChat(guest.id, actor.id, 'de');
    // Before the video runs the performer cannot write (the engine would not relay it).
    await call(node.api, actor.id, 'POST', `sessions/${sessionId}/accept`);
    const early = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/messages`, { text: 'Hallo' });
    expect(early.statusCode).toBe(409);
    await node.live.service.event(sessionId, { type: 'mediaUp' });
    await node.live.service.event(sessionId, { type: 'message', from: 'guest', text: 'Wie geht es dir?' });
    const inbox = (await call(node.api, actor.id, 'GET', 'inbox')).json().data;
    expect(inbox.events.at(-1)).toEqual(
      expect.objectContaining({ type: 'guestMessage', sessionId, text: 'Wie geht es dir?' }),
    );
    const sent = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/messages`, {
      text: '  Gut, danke!  ',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ sessionId, status: 'running', exitCode: null });
    const transcript = await node.live.service.messagesOf(sessionId);
    expect(transcript.map((m) => [m.sender, m.text])).toEqual([
      ['guest', 'Wie geht es dir?'],
      ['performer', 'Gut, danke!'],
    ]);
    await node.live.service.exit(guest.id, sessionId);
  });

  it('bad messages are 400 and change nothing: control characters, over 500 characters, empty, malformed, extra fields', async () => {
    const { actor, guest, sessionId } = await runningChat();
    const cases: [object | string, string][] = [
      [{ text: 'a\u0000b' }, 'INVALID_CHARACTERS'],
      [{ text: 'bell\u0007' }, 'INVALID_CHARACTERS'],
      [{ text: 'x'.repeat(PERFORMER_MESSAGE_MAX + 1) }, 'VALIDATION_ERROR'],
      [{ text: '   ' }, 'VALIDATION_ERROR'],
      [{ text: 42 }, 'VALIDATION_ERROR'],
      [{ text: 'hi', extra: true }, 'VALIDATION_ERROR'],
      [{}, 'VALIDATION_ERROR'],
      ['{"text": "unterminated', 'VALIDATION_ERROR'],
    ];
    for (const [payload, code] of cases) {
      const answer = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/messages`, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(answer.json().error.code).toBe(code);
    }
    const notUuid = await call(node.api, actor.id, 'POST', 'sessions/12/messages', { text: 'hi' });
    expect(notUuid.statusCode).toBe(400);
    const badQuery = await call(node.api, actor.id, 'GET', 'inbox?waitMs=999999');
    expect(badQuery.statusCode).toBe(400);
    const exact = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/messages`, {
      text: 'y'.repeat(PERFORMER_MESSAGE_MAX),
    });
    expect(exact.statusCode).toBe(200);
    expect((await node.live.service.messagesOf(sessionId)).map((m) => m.text.length)).toEqual([
      PERFORMER_MESSAGE_MAX,
    ]);
    await node.live.service.exit(guest.id, sessionId);
  });

  it('kick ends a running chat with 201 and the guest gets chatEnd', async () => {
    const { actor, guest, sessionId } = await runningChat();
    const kicked = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/kick`);
    expect(kicked.statusCode).toBe(200);
    expect(kicked.json().data).toEqual({ sessionId, status: 'ended', exitCode: 201 });
    const chatEnd = node.published.find(
      (p) => p.guestId === guest.id && p.event.type === 'chatEnd' && p.event.chatId === sessionId,
    );
    expect(chatEnd?.event).toEqual(
      expect.objectContaining({ type: 'chatEnd', chatId: sessionId, actorId: actor.id, isVoyeur: false }),
    );
  });

  it('stop sending ends a running chat with 202', async () => {
    const { actor, guest } = await actorAndGuest();
    const sessionId = await node.requestChat(guest.id, actor.id);
    const before = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/stop`);
    expect(before.statusCode).toBe(409);
    await call(node.api, actor.id, 'POST', `sessions/${sessionId}/accept`);
    await node.live.service.event(sessionId, { type: 'mediaUp' });
    const stopped = await call(node.api, actor.id, 'POST', `sessions/${sessionId}/stop`);
    expect(stopped.json().data).toEqual({ sessionId, status: 'ended', exitCode: 202 });
  });

  it('going offline ends a running chat with 203 (decision 0038 risk 5) and clears the online flag', async () => {
    const { actor, sessionId } = await runningChat();
    const offline = await call(node.api, actor.id, 'POST', 'presence', { online: false });
    expect(offline.json().data).toEqual({ actorId: actor.id, online: false, changed: true, chatsEnded: 1 });
    expect(await status(sessionId)).toEqual({ status: 'ended', exitCode: 203 });
  });

  it('going offline before answering a request ends it with 198 (host offline)', async () => {
    const { actor, guest } = await actorAndGuest();
    const sessionId = await node.requestChat(guest.id, actor.id);
    await call(node.api, actor.id, 'POST', 'presence', { online: false });
    expect(await status(sessionId)).toEqual({ status: 'ended', exitCode: 198 });
  });

  it('a performer set offline elsewhere (the operator, the presence step: a presence event on the bus) ends its running chat with 203', async () => {
    const unfollow = await node.desk.followPresence(t.bus);
    try {
      const { actor, sessionId } = await runningChat();
      expect(node.desk.inChat(actor.id)).toBe(true);
      const change = await node.presence.setOnline(actor.id, false);
      expect(change?.changed).toBe(true);
      await vi.waitFor(async () =>
        expect(await status(sessionId)).toEqual({ status: 'ended', exitCode: 203 }),
      );
      expect(node.desk.inChat(actor.id)).toBe(false);
    } finally {
      await unfollow();
    }
  });

  it('the inbox waits for the next event (long poll) and answers as soon as it comes', async () => {
    const { actor, guest } = await actorAndGuest();
    const cursor = (await call(node.api, actor.id, 'GET', 'inbox')).json().data.cursor;
    const waiting = call(node.api, actor.id, 'GET', `inbox?after=${cursor}&waitMs=20000`);
    const sessionId = await node.requestChat(guest.id, actor.id, 'es');
    const answer = (await waiting).json().data;
    expect(answer.events).toEqual([
      expect.objectContaining({
        seq: cursor + 1,
        type: 'chatRequest',
        chat: expect.objectContaining({ sessionId, language: 'es' }),
      }),
    ]);
    // Nothing new: an immediate answer without waitMs.
    const none = (await call(node.api, actor.id, 'GET', `inbox?after=${answer.cursor}`)).json().data;
    expect(none.events).toEqual([]);
    await node.live.service.exit(guest.id, sessionId);
  });
});
