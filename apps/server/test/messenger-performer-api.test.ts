/**
 * The performer API's messenger (issue 19 deliverable 2, decision 0054 part 12): a performer with its
 * token lists its channels, writes to a guest and sends a paid photo at its price — delivered like every
 * performer's message (stored, unread +1, a notification), locked until the guest buys it, then in the
 * guest's media library under messenger. Another performer's channel is MESSENGER_CHANNEL_NOT_FOUND, a
 * blocked one MESSENGER_CHANNEL_BLOCKED, a resend under the same key sends nothing again, and bad input
 * is refused and changes nothing. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { NOTIFICATION_TYPES } from '@vela/domain/notifications';
import { beforeAll, describe, expect, it } from 'vitest';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { messengerKit } from './messenger-performer-kit.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.201';
const SECRET = 'messenger-performer-test-secret-0123456789';
const t = testAppPerSuite({ env: { PERFORMER_API_SECRET: SECRET } });
const { actorMessages, rest, key, make } = messengerKit(t, NET);

/** A performer API call as `actorId` (its token; no header when null, a forged one with `token`). */
const asPerformer = (
  actorId: number | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  token = actorId === null ? undefined : performerToken(SECRET, actorId),
) =>
  t.app.inject({
    method,
    url: `/rest/v1/performer/messenger/${url}`,
    headers: token === undefined ? {} : { [PERFORMER_TOKEN_HEADER]: token },
    ...(payload ? { payload } : {}),
  });

let names = 0;
/** A guest with a screen name and a balance, and their channel to a new performer. */
async function channel(balanceCents = 0) {
  names += 1;
  const name = `Mpa${names}x${Date.now() % 100_000}`;
  const guest = await make().buildGuest({ name, balanceCents });
  const actor = await make().buildActor();
  const opened = await rest(guest, 'POST', `channel/actor/${actor.id}`);
  expect(opened.statusCode, opened.body).toBe(200);
  return { guest, name, actor, channelId: opened.json().data.channel.channelId as string };
}

const photo = (actorId: number, channelId: string, body: object = {}) =>
  asPerformer(actorId, 'POST', `channels/${channelId}/media`, {
    kind: 'photo',
    priceCents: 500,
    caption: 'Just for you',
    idempotencyKey: key('photo'),
    ...body,
  });

const mediaRows = async (channelId: string) =>
  queryRows<{ id: string; price_cents: number; bought_at: Date | null }>(
    t.database.db,
    sql`select id::text as id, price_cents, bought_at from messenger_media where channel_id = ${Number(channelId)}`,
  );

describe('the performer API messenger (issue 19 deliverable 2)', () => {
  beforeAll(() => {
    make();
  });

  it('without a token 401 UNAUTHORIZED, with a forged one 403 FORBIDDEN; nothing is sent', async () => {
    const { actor, channelId } = await channel();
    const none = await asPerformer(null, 'POST', `channels/${channelId}/messages`, { text: 'hi' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const forged = await asPerformer(actor.id, 'GET', 'channels', undefined, `${actor.id}.forged`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('FORBIDDEN');
    expect(await actorMessages(channelId)).toEqual([]);
  });

  it("lists the performer's own channels only: the guest's screen name, the newest message, blocked", async () => {
    const first = await channel();
    const second = await channel();
    const sent = await rest(first.guest, 'POST', `messenger/channel/${first.channelId}/messages`, {
      messageType: 'text',
      data: { text: 'Hello there' },
      idempotencyKey: key('g'),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const listed = await asPerformer(first.actor.id, 'GET', 'channels');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['cache-control']).toContain('no-store');
    expect(listed.json().data).toEqual({
      actorId: first.actor.id,
      channels: [
        {
          channelId: first.channelId,
          guestName: first.name,
          blocked: false,
          lastMessage: expect.objectContaining({
            senderType: 'guest',
            messageType: 'text',
            text: 'Hello there',
          }),
        },
      ],
    });
    expect(JSON.stringify(listed.json())).not.toContain(second.name);
  });

  it("a performer's text reaches the guest: stored, unread +1, a notification; the same key sends it once", async () => {
    const { guest, actor, channelId } = await channel();
    const idempotencyKey = key('text');
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        asPerformer(actor.id, 'POST', `channels/${channelId}/messages`, {
          text: '  Hi, nice to meet you ',
          idempotencyKey,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.filter((answer) => answer.json().data.alreadySent === false)).toHaveLength(1);
    const stored = await actorMessages(channelId);
    expect(stored).toEqual([expect.objectContaining({ text: 'Hi, nice to meet you', message_type: 'text' })]);
    const conversation = await rest(guest, 'GET', `messenger/channel/${channelId}`);
    expect(conversation.json().data.channel.unreadCount).toBe(1);
    expect(conversation.json().data.messages.at(-1)).toMatchObject({
      senderType: 'actor',
      text: 'Hi, nice to meet you',
    });
    const notes = await queryRows<{ type: number; url: string }>(
      t.database.db,
      sql`select type, url from notifications where guest_id = ${guest.id}`,
    );
    expect(notes).toEqual([
      { type: NOTIFICATION_TYPES.messengerMessage, url: expect.stringContaining(`?channel=${channelId}`) },
    ]);
  });

  it('a paid photo arrives locked at the performer price; the guest buys it once and finds it in the media library', async () => {
    const { guest, actor, channelId } = await channel(2_000);
    const idempotencyKey = key('photo');
    const sends = await Promise.all([1, 2, 3, 4].map(() => photo(actor.id, channelId, { idempotencyKey })));
    for (const sent of sends) expect(sent.statusCode, sent.body).toBe(200);
    const { mediaId, messageId } = sends.map((sent) => sent.json().data)[0];
    for (const sent of sends) expect(sent.json().data).toMatchObject({ mediaId, messageId, channelId });
    // One message and one photo on sale; the resends' offers were discarded.
    expect(await actorMessages(channelId)).toHaveLength(1);
    expect(await mediaRows(channelId)).toEqual([{ id: mediaId, price_cents: 500, bought_at: null }]);

    const conversation = await rest(guest, 'GET', `messenger/channel/${channelId}`);
    const message = conversation.json().data.messages.find((m: { id: string }) => m.id === messageId);
    expect(message).toMatchObject({ messageType: 'media', senderType: 'actor', text: 'Just for you' });
    expect(message.media).toMatchObject({
      mediaId,
      kind: 'photo',
      bought: false,
      url: null,
      price: { value: 20 },
    });
    expect((await rest(guest, 'GET', 'mediathek/photos/messenger')).json().data.total).toBe(0);

    // FSK-18 media is sold only past the age check.
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    const bought = await rest(guest, 'POST', `messenger/channel/${channelId}/media/${mediaId}/buy`, {
      idempotencyKey: key('buy'),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ alreadyBought: false, guestBalanceCents: 1_500 });
    const library = await rest(guest, 'GET', 'mediathek/photos/messenger');
    expect(library.json().data.messengerMedia).toEqual([
      expect.objectContaining({
        mediaId,
        channelId,
        actorId: actor.id,
        actorName: actor.name,
        price: { value: 20, currency: 'VXC' },
      }),
    ]);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it("another performer's channel is MESSENGER_CHANNEL_NOT_FOUND; a blocked one MESSENGER_CHANNEL_BLOCKED; nothing is stored or on sale", async () => {
    const { guest, channelId } = await channel();
    const other = await make().buildActor();
    for (const call of [
      asPerformer(other.id, 'POST', `channels/${channelId}/messages`, { text: 'not mine' }),
      photo(other.id, channelId),
      asPerformer(other.id, 'POST', 'channels/999999999/messages', { text: 'nobody' }),
    ]) {
      const refused = await call;
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('MESSENGER_CHANNEL_NOT_FOUND');
    }
    const blocked = await rest(guest, 'POST', `messenger/channel/${channelId}/block`, { blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const owner = (
      await queryRows<{ actor_id: number }>(
        t.database.db,
        sql`select actor_id from messenger_channels where id = ${Number(channelId)}`,
      )
    )[0]?.actor_id as number;
    for (const call of [
      asPerformer(owner, 'POST', `channels/${channelId}/messages`, { text: 'blocked?' }),
      photo(owner, channelId),
    ]) {
      const refused = await call;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('MESSENGER_CHANNEL_BLOCKED');
    }
    expect(await actorMessages(channelId)).toEqual([]);
    expect(await mediaRows(channelId)).toEqual([]);
    const listed = await asPerformer(owner, 'GET', 'channels');
    expect(listed.json().data.channels).toEqual([expect.objectContaining({ channelId, blocked: true })]);
  });

  it('bad input is 400 and changes nothing: a price out of bounds or not whole coins, an unknown kind, no key, an empty or control-character text', async () => {
    const { actor, channelId } = await channel();
    const refusals = [
      [photo(actor.id, channelId, { priceCents: 0 }), 'VALIDATION_ERROR'],
      [photo(actor.id, channelId, { priceCents: 5_025 }), 'VALIDATION_ERROR'],
      [photo(actor.id, channelId, { priceCents: 510 }), 'VALIDATION_ERROR'],
      [photo(actor.id, channelId, { priceCents: 5.5 }), 'VALIDATION_ERROR'],
      [photo(actor.id, channelId, { kind: 'video' }), 'VALIDATION_ERROR'],
      [photo(actor.id, channelId, { idempotencyKey: undefined }), 'VALIDATION_ERROR'],
      [photo(actor.id, channelId, { caption: 'x'.repeat(301) }), 'VALIDATION_ERROR'],
      [asPerformer(actor.id, 'POST', `channels/${channelId}/messages`, { text: '   ' }), 'VALIDATION_ERROR'],
      [
        asPerformer(actor.id, 'POST', `channels/${channelId}/messages`, { text: 'a\u0007b' }),
        'INVALID_CHARACTERS',
      ],
      [asPerformer(actor.id, 'POST', 'channels/abc/messages', { text: 'hi' }), 'VALIDATION_ERROR'],
    ] as const;
    for (const [call, code] of refusals) {
      const refused = await call;
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe(code);
    }
    expect(await actorMessages(channelId)).toEqual([]);
    expect(await mediaRows(channelId)).toEqual([]);
  });
});
