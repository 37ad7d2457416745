/**
 * Performers answer in the messenger (issue 19 deliverable 5, decision 0054): the activity simulator
 * answers a guest's message after a short delay (MESSENGER_REPLY_DELAY_MS) in the guest's language,
 * once per message (also with two nodes on one database), on every open page of the guest, with a
 * notification that the web push module pushes to a subscribed browser; a blocked channel gets none.
 * A toy action from the messenger gets one short reaction (none when blocked or played by an app).
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MessengerMessage } from '@vela/contracts/messenger';
import { PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { NOTIFICATION_TYPES } from '@vela/domain/notifications';
import { MESSENGER_TOY_REACTION_KEYS, messengerReplyMessages } from '@vela/i18n/messages/messenger-replies';
import { beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import type { GuestMessageEvent } from '../src/modules/messenger/messenger-actor-side.ts';
import { createPendingRepliesRepository } from '../src/modules/messenger/performer-replies.repository.ts';
import { createPerformerReplies } from '../src/modules/messenger/performer-replies.ts';
import { createToysRepository } from '../src/modules/toys/toys.repository.ts';
import { messengerKit, sleep, waitFor } from './messenger-performer-kit.ts';
import { guestPage } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.191';
const PERFORMER_SECRET = 'messenger-replies-secret-0123456789abcdef';
const VAPID = webPush.generateVAPIDKeys();
const t = testAppPerSuite({
  env: {
    PERFORMER_SIMULATOR: 'true',
    PERFORMER_SIMULATOR_KICK_RATE: '0',
    PERFORMER_SIMULATOR_OFFLINE_RATE: '0',
    MESSENGER_REPLY_DELAY_MS: '300-400',
    MESSENGER_REPLY_MEDIA_EVERY: '0',
    WEB_PUSH_VAPID_PUBLIC_KEY: VAPID.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: VAPID.privateKey,
    WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
    PERFORMER_API_SECRET: PERFORMER_SECRET,
  },
});
const kit = messengerKit(t, NET);
const { guestWithChannel, actorMessages, rest, send } = kit;
let socketUrl: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/socket`;
});

async function notificationsOf(guestId: number) {
  return queryRows<{ type: number; params: Record<string, unknown>; url: string | null }>(
    t.database.db,
    sql`select type, params, url from notifications where guest_id = ${guestId} order by id`,
  );
}

describe('simulated performers answer in the messenger (issue 19 deliverable 5)', () => {
  it("answers once, after the delay, in the guest's page language (es), on every open page, with a notification", async () => {
    const { guest, actor, channelId } = await guestWithChannel();
    const [page, tab] = [await guestPage(socketUrl, guest), await guestPage(socketUrl, guest)];
    const sent = await send(guest, channelId, 'Hola, ¿qué tal?', 'es');
    const answers = await Promise.all(
      [page, tab].map(async (socket) => {
        for (;;) {
          const event = await socket.next('messengerMessage', 5_000);
          if (event.message.senderType === 'actor') return event;
        }
      }),
    );
    const spanish = Object.values(messengerReplyMessages.es);
    for (const answer of answers) {
      expect(answer.message.channelId).toBe(channelId);
      expect(answer.message.messageType).toBe('text');
      expect(spanish).toContain(answer.message.text);
      expect(answer.channel.unreadCount).toBe(1);
    }
    expect(answers[0]?.message.id).toBe(answers[1]?.message.id);
    expect(BigInt(answers[0]?.message.id ?? 0)).toBeGreaterThan(BigInt(sent.id));
    // Once: nothing more arrives, nothing is left to send.
    await sleep(600);
    expect(await actorMessages(channelId)).toHaveLength(1);
    expect(
      await createPendingRepliesRepository(t.database.db).takeDue(new Date(Date.now() + 60_000), 10),
    ).toEqual([]);
    expect(await notificationsOf(guest.id)).toEqual([
      {
        type: NOTIFICATION_TYPES.messengerMessage,
        params: { actorId: actor.id, actorName: actor.name, channelId },
        url: `/es/messenger/?channel=${channelId}`,
      },
    ]);
    page.close();
    tab.close();
  });

  it('a German guest gets a German answer; every message gets its own answer', async () => {
    const { guest, channelId } = await guestWithChannel();
    await send(guest, channelId, 'Hallo!', 'de');
    await send(guest, channelId, 'Bist du da?', 'de');
    const answers = await waitFor(
      () => actorMessages(channelId),
      (rows) => rows.length >= 2,
    );
    expect(answers).toHaveLength(2);
    const german = Object.values(messengerReplyMessages.de);
    for (const answer of answers) expect(german).toContain(answer.text);
  });

  it("the page's ?lang= wins over the browser's Accept-Language (a Dutch page in an English browser is answered in Dutch); an unknown one is 400 and sends nothing", async () => {
    const { guest, channelId } = await guestWithChannel();
    const body = { messageType: 'text', data: { text: 'Hoi!' }, idempotencyKey: kit.key('msg') };
    const refused = await rest(guest, 'POST', `messenger/channel/${channelId}/messages?lang=fr`, body, 'en');
    expect(refused.statusCode, refused.body).toBe(400);
    const sent = await rest(guest, 'POST', `messenger/channel/${channelId}/messages?lang=nl`, body, 'en');
    expect(sent.statusCode, sent.body).toBe(200);
    const [answer, ...more] = await waitFor(
      () => actorMessages(channelId),
      (rows) => rows.length >= 1,
    );
    expect(more).toEqual([]);
    expect(Object.values(messengerReplyMessages.nl)).toContain(answer?.text);
    const guestMessages = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from messenger_messages where channel_id = ${Number(channelId)} and sender = 'guest'`,
    );
    expect(guestMessages[0]?.n).toBe(1);
  });

  it('a gift is answered with a thank-you in the guest language', async () => {
    const { guest, channelId } = await guestWithChannel(100_000);
    const catalogue = await rest(guest, 'GET', 'messenger/gifts', undefined, 'nl');
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    const gift = catalogue.json().data.gifts.find((g: { vip: boolean }) => !g.vip);
    const sent = await rest(
      guest,
      'POST',
      `messenger/channel/${channelId}/messages`,
      {
        messageType: 'new_gift',
        data: { text: '' },
        includedGifts: [{ giftId: gift.id, quantity: 1 }],
        idempotencyKey: kit.key('gift'),
      },
      'nl',
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [answer] = await waitFor(
      () => actorMessages(channelId),
      (rows) => rows.length > 0,
    );
    const thanks = [
      messengerReplyMessages.nl.thanksGift1,
      messengerReplyMessages.nl.thanksGift2,
      messengerReplyMessages.nl.thanksGift3,
    ];
    expect(thanks).toContain(answer?.text);
  });

  it('a channel blocked before the answer is due gets no answer and no notification', async () => {
    const { guest, actor, channelId } = await guestWithChannel();
    const blocked = await rest(guest, 'POST', `messenger/channel/${channelId}/block`, { blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    // The answer to a message sent before the block, due now (written as the storing node writes it).
    const messageId = 8_000_000_000 + Math.floor(Math.random() * 1_000_000);
    await createPendingRepliesRepository(t.database.db).enqueue({
      messageId,
      channelId: Number(channelId),
      guestId: guest.id,
      actorId: actor.id,
      language: 'en',
      kind: 'text',
      dueAt: new Date(),
    });
    // Every node looks for due answers every 5 s: wait until this one was taken.
    const left = await waitFor(
      async () =>
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from messenger_pending_replies where message_id = ${messageId}`,
          )
        )[0]?.n,
      (n) => n === 0,
      8_000,
    );
    expect(left).toBe(0);
    expect(await actorMessages(channelId)).toEqual([]);
    expect(await notificationsOf(guest.id)).toEqual([]);
  });

  it('a performer played by a performer app (it used the performer API lately: the live inbox or its messenger channels) is not answered for', async () => {
    for (const url of ['/rest/v1/performer/inbox', '/rest/v1/performer/messenger/channels']) {
      const { guest, actor, channelId } = await guestWithChannel();
      const called = await t.app.inject({
        method: 'GET',
        url,
        headers: { [PERFORMER_TOKEN_HEADER]: performerToken(PERFORMER_SECRET, actor.id) },
      });
      expect(called.statusCode, called.body).toBe(200);
      await send(guest, channelId, 'Anyone home?');
      await sleep(900);
      expect(await actorMessages(channelId)).toEqual([]);
    }
  });

  it('two nodes hearing the same message answer it once (one pending row per message, taken by one node)', async () => {
    const { guest, actor, channelId } = await guestWithChannel();
    const posted: string[] = [];
    const listeners: ((event: GuestMessageEvent) => void)[] = [];
    const actorSide = {
      postActorMessage: async (input: { text: string }) => {
        posted.push(input.text);
        return { id: String(posted.length) } as MessengerMessage;
      },
      onGuestMessage: (listener: (event: GuestMessageEvent) => void) => {
        listeners.push(listener);
        return () => undefined;
      },
    };
    const node = () =>
      createPerformerReplies({
        actorSide,
        pending: createPendingRepliesRepository(t.database.db),
        media: {
          offerPhoto: () => Promise.reject(new Error('no photo')),
          offerClip: () => Promise.reject(new Error('no clip')),
          discard: async () => undefined,
        },
        isSimulated: () => true,
        actorName: async () => actor.name,
        delayMs: [0, 0],
        mediaEvery: 0,
        pollMs: 0,
        log: { warn() {}, error() {} },
      });
    const [a, b] = [node(), node()];
    a.start();
    b.start();
    // Worse than real life (only the node that stored a message hears it): both nodes hear it.
    const event: GuestMessageEvent = {
      channelId,
      guestId: guest.id,
      actorId: actor.id,
      messageId: String(9_000_000_000 + Math.floor(Math.random() * 1_000_000)),
      messageType: 'text',
      text: 'Hoi',
      language: 'nl',
    };
    for (const listener of listeners) listener(event);
    await sleep(100);
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(posted).toHaveLength(1);
    expect(Object.values(messengerReplyMessages.nl)).toContain(posted[0]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('the notification of an answer is pushed to the browser the guest subscribed (web push)', async () => {
    const received: string[] = [];
    const server: Server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(request.url ?? '');
        response.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { guest, channelId } = await guestWithChannel();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${guest.id}`;
      const subscribed = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/web-push/subscribe',
        headers: { cookie: guest.cookie },
        payload: {
          endpoint,
          expirationTime: null,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
          language: 'en',
        },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      await send(guest, channelId, 'Ping me');
      const deadline = Date.now() + 5_000;
      while (received.length === 0 && Date.now() < deadline) await sleep(100);
      expect(received).toEqual([`/push/${guest.id}`]);
      expect(await actorMessages(channelId)).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the simulated performer reacts to a toy action from the messenger (issue 19 deliverables 4 and 5)', () => {
  /** A guest (with coins) and a channel to an online performer with a toy. */
  async function channelWithToy() {
    const channel = await guestWithChannel(10_000, { isOnline: true });
    await createToysRepository(t.database.db).register(channel.actor.id);
    return channel;
  }
  const toy = (guest: Parameters<typeof rest>[0], channelId: string, actionId: string, lang: string) =>
    rest(guest, 'POST', `messenger/channel/${channelId}/toy`, { actionId, preset: 'soft' }, lang);
  const pendingOf = async (channelId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from messenger_pending_replies where channel_id = ${Number(channelId)}`,
      )
    )[0]?.n;

  it("one reaction per action, after the delay, in the guest's page language (es), live on the page; a resent action gets no second one", async () => {
    const { guest, channelId } = await channelWithToy();
    const page = await guestPage(socketUrl, guest);
    const actionId = randomUUID();
    const acted = await toy(guest, channelId, actionId, 'es');
    expect(acted.statusCode, acted.body).toBe(200);
    expect(acted.json().data.status).toBe('done');
    const startedAt = Date.now();
    const again = await toy(guest, channelId, actionId, 'es');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.message.id).toBe(acted.json().data.message.id);
    let reaction: { message: MessengerMessage } | undefined;
    while (!reaction) {
      const event = await page.next('messengerMessage', 5_000);
      if (event.message.senderType === 'actor') reaction = event;
    }
    // The usual delay (MESSENGER_REPLY_DELAY_MS 300-400 here), not at once.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    const spanish = MESSENGER_TOY_REACTION_KEYS.map((k) => messengerReplyMessages.es[k]);
    expect(reaction.message).toMatchObject({ channelId, messageType: 'text', senderType: 'actor' });
    expect(spanish).toContain(reaction.message.text);
    await sleep(700);
    const answers = await actorMessages(channelId);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.text).toBe(reaction.message.text);
    expect(await pendingOf(channelId)).toBe(0);
    // A second action is a second reaction.
    expect((await toy(guest, channelId, randomUUID(), 'es')).statusCode).toBe(200);
    const two = await waitFor(
      () => actorMessages(channelId),
      (rows) => rows.length >= 2,
    );
    expect(two).toHaveLength(2);
    expect(spanish).toContain(two[1]?.text);
    page.close();
  });

  it('the reactions exist in the four languages, a few variants each, and differ from the other answers', () => {
    expect(MESSENGER_TOY_REACTION_KEYS.length).toBeGreaterThanOrEqual(3);
    for (const language of ['de', 'en', 'nl', 'es'] as const) {
      const texts = MESSENGER_TOY_REACTION_KEYS.map((k) => messengerReplyMessages[language][k]);
      expect(new Set(texts).size).toBe(texts.length);
      for (const text of texts) expect(text.length).toBeGreaterThan(3);
    }
    expect(messengerReplyMessages.de.toyFelt1).not.toBe(messengerReplyMessages.en.toyFelt1);
  });

  it('a channel blocked before the reaction is due gets none', async () => {
    const { guest, channelId } = await channelWithToy();
    expect((await toy(guest, channelId, randomUUID(), 'de')).statusCode).toBe(200);
    const blocked = await rest(guest, 'POST', `messenger/channel/${channelId}/block`, { blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(
      await waitFor(
        () => pendingOf(channelId),
        (n) => n === 0,
      ),
    ).toBe(0);
    await sleep(300);
    expect(await actorMessages(channelId)).toEqual([]);
  });

  it('a performer played by a performer app gets no simulated reaction', async () => {
    const { guest, actor, channelId } = await channelWithToy();
    const called = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/performer/messenger/channels',
      headers: { [PERFORMER_TOKEN_HEADER]: performerToken(PERFORMER_SECRET, actor.id) },
    });
    expect(called.statusCode, called.body).toBe(200);
    expect((await toy(guest, channelId, randomUUID(), 'en')).statusCode).toBe(200);
    await sleep(900);
    expect(await actorMessages(channelId)).toEqual([]);
    expect(await pendingOf(channelId)).toBe(0);
  });
});
