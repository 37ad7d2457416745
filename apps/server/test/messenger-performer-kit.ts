/**
 * What the messenger's performer-side tests share (messenger-replies, messenger-media, messenger-clips,
 * messenger-toy): REST calls as a guest in a page language, a guest with a channel to a new performer, a
 * message sent, the performer's stored messages, buying paid media (the age check, the charges of a
 * media, a buy refused for too little money), and waiting for a condition without a fixed sleep deciding.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { messengerMediaKey } from '../src/modules/messenger/messenger-media.service.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { keyMaker, nextIp, type SignedUp } from './guest-helpers.ts';
import type { TestApp } from './test-app.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds (or 5 s passed) and answers the last value read. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(50);
    value = await read();
  }
  return value;
}

export function messengerKit(t: TestApp, net: string) {
  const key = keyMaker();
  let made: Factories | undefined;
  const make = () => {
    made ??= factoriesOf(t, { net });
    return made;
  };

  /** A REST call as `g` (bearer token; a visitor when null) with the page language `lang`. */
  const rest = (
    g: SignedUp | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    lang = 'en',
    app: FastifyInstance = t.app,
  ) =>
    app.inject({
      method,
      url: `/rest/v1/${url}`,
      remoteAddress: nextIp(net),
      headers: { ...(g ? { authorization: `Bearer ${g.accessToken}` } : {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });

  /** The guest buys the channel's paid media (photo or clip). */
  const buy = (g: SignedUp | null, channelId: string, mediaId: string, idempotencyKey = key('buy')) =>
    rest(g, 'POST', `messenger/channel/${channelId}/media/${mediaId}/buy`, { idempotencyKey });

  /** The guest's age check accepted (paid media is FSK-18). */
  const verifyAge = (guestId: number) =>
    t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guestId}`);

  /** How many ledger transfers charged the media (its one key). */
  const transfersOf = async (mediaId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${messengerMediaKey(Number(mediaId))}`,
      )
    )[0]?.n;

  return {
    key,
    make,
    rest,
    buy,
    verifyAge,
    transfersOf,

    /**
     * A guest past the age check with too little money buys the media: 402 NOT_ENOUGH_MONEY and no
     * charge. Answers the channel's media message as the guest sees it afterwards.
     */
    async expectRefusedForMoney(guest: SignedUp, channelId: string, mediaId: string) {
      await verifyAge(guest.id);
      const refused = await buy(guest, channelId, mediaId);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error.code).toBe('NOT_ENOUGH_MONEY');
      expect(await transfersOf(mediaId)).toBe(0);
      const conversation = await rest(guest, 'GET', `messenger/channel/${channelId}`);
      return conversation.json().data.messages.find((m: { media: unknown }) => m.media !== null);
    },

    /** A guest (with `balanceCents`) and a channel to a new performer (who writes for free: no settings). */
    async guestWithChannel(balanceCents = 0, actorOverrides = {}) {
      const guest = await make().buildGuest({ balanceCents });
      const actor = await make().buildActor(actorOverrides);
      const opened = await rest(guest, 'POST', `channel/actor/${actor.id}`);
      expect(opened.statusCode, opened.body).toBe(200);
      return { guest, actor, channelId: opened.json().data.channel.channelId as string };
    },

    async send(guest: SignedUp, channelId: string, text: string, lang = 'en') {
      const sent = await rest(
        guest,
        'POST',
        `messenger/channel/${channelId}/messages`,
        { messageType: 'text', data: { text }, idempotencyKey: key('msg') },
        lang,
      );
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json().data.message as { id: string };
    },

    /** The performer's stored messages of a channel, oldest first. */
    actorMessages: (channelId: string) =>
      queryRows<{ id: string; text: string; message_type: string; media_id: string | null }>(
        t.database.db,
        sql`select id, text, message_type, media_id from messenger_messages
          where channel_id = ${Number(channelId)} and sender = 'actor' order by id`,
      ),
  };
}
