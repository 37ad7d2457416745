/**
 * What the messenger's performer-side tests share (messenger-replies, messenger-media, messenger-toy):
 * REST calls as a guest in a page language, a guest with a channel to a new performer, a message sent,
 * the performer's stored messages, and waiting for a condition without a fixed sleep deciding.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
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

  return {
    key,
    make,
    rest,

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
