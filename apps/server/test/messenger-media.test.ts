/**
 * Paid media in the messenger (issue 19 deliverable 2, decision 0054): a simulated performer's paid
 * photo arrives locked (a placeholder, no URL); buying it charges once (ledger kind message, key
 * messenger-media:<id>) however many buys race, unlocks it with a URL signed for the guest and puts it
 * in the media library's messenger section; not sold without an accepted age check (FSK-18: it could not
 * be opened); too little money changes nothing; another guest can
 * neither buy nor see it. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { sql } from '@vela/db/orm';
import { messengerReplyMessages } from '@vela/i18n/messages/messenger-replies';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { messengerKit, waitFor } from './messenger-performer-kit.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.192';
const t = testAppPerSuite({
  env: {
    PERFORMER_SIMULATOR: 'true',
    MESSENGER_REPLY_DELAY_MS: '10-30',
    // Every answer to a text is a paid photo.
    MESSENGER_REPLY_MEDIA_EVERY: '1',
  },
});
const {
  guestWithChannel,
  actorMessages,
  rest,
  send,
  key,
  make,
  buy,
  verifyAge,
  transfersOf,
  expectRefusedForMoney,
} = messengerKit(t, NET);

/** A channel whose performer has sent a paid photo: its message and media as the guest sees them. */
async function paidPhoto(balanceCents: number) {
  const channel = await guestWithChannel(balanceCents);
  await send(channel.guest, channel.channelId, 'Send me something nice');
  const [stored] = await waitFor(
    () => actorMessages(channel.channelId),
    (rows) => rows.length > 0,
  );
  expect(stored?.message_type).toBe('media');
  const conversation = await rest(channel.guest, 'GET', `messenger/channel/${channel.channelId}`);
  expect(conversation.statusCode, conversation.body).toBe(200);
  const message = conversation.json().data.messages.find((m: { id: string }) => m.id === String(stored?.id));
  return { ...channel, message, mediaId: message.media.mediaId as string };
}

describe('paid media in the messenger (issue 19 deliverable 2)', () => {
  beforeAll(() => {
    make();
  });

  it('a paid photo arrives locked: a placeholder preview, no URL, a price; its caption in the guest language', async () => {
    const { message } = await paidPhoto(0);
    expect(message).toMatchObject({ messageType: 'media', senderType: 'actor' });
    const captions = [messengerReplyMessages.en.photo1, messengerReplyMessages.en.photo2];
    expect(captions).toContain(message.text);
    expect(message.media).toMatchObject({ kind: 'photo', bought: false, url: null });
    expect(message.media.previewUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(message.media.price.value).toBeGreaterThan(0);
  });

  it('20 parallel buys with the same key charge once; the photo opens with a URL signed for the guest and is in the media library under messenger', async () => {
    const { guest, channelId, mediaId, message } = await paidPhoto(10_000);
    // The photo is FSK-18: without an accepted age check it is not sold (it could not be opened).
    const unverified = await buy(guest, channelId, mediaId);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('RESTRICTED');
    expect(await transfersOf(mediaId)).toBe(0);
    await verifyAge(guest.id);
    const idempotencyKey = key('same');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buy(guest, channelId, mediaId, idempotencyKey)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const fresh = answers.filter((answer) => answer.json().data.alreadyBought === false);
    expect(fresh).toHaveLength(1);
    expect(await transfersOf(mediaId)).toBe(1);
    const priceCents = message.media.price.value * 25;
    for (const answer of answers) expect(answer.json().data.guestBalanceCents).toBe(10_000 - priceCents);
    const bought = answers[0]?.json().data.message;
    expect(bought.media).toMatchObject({ mediaId, bought: true });
    expect(bought.media.url).toMatch(new RegExp(`^/media/messenger/${mediaId}/w640\\.webp\\?t=`));
    // A later buy with another key: already bought, nothing charged.
    const again = await buy(guest, channelId, mediaId);
    expect(again.json().data).toMatchObject({ alreadyBought: true, guestBalanceCents: 10_000 - priceCents });
    expect(await transfersOf(mediaId)).toBe(1);

    const picture = await t.app.inject({
      method: 'GET',
      url: bought.media.url,
      headers: { cookie: guest.cookie },
    });
    expect(picture.statusCode, picture.body.slice(0, 200)).toBe(200);
    // The photo is FSK-18: once the age check is gone (revoked), the restriction, no bytes.
    await t.database.db.execute(sql`update guests set avs_status = 'unknown' where id = ${guest.id}`);
    const revoked = await t.app.inject({
      method: 'GET',
      url: bought.media.url,
      headers: { cookie: guest.cookie },
    });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error.code).toBe('RESTRICTED');
    await verifyAge(guest.id);
    const seen = await t.app.inject({
      method: 'GET',
      url: bought.media.url,
      headers: { cookie: guest.cookie },
    });
    expect(seen.statusCode, seen.body.slice(0, 200)).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    const other = await make().buildGuest();
    const foreign = await t.app.inject({
      method: 'GET',
      url: bought.media.url,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `/media/messenger/${mediaId}/w640.webp`,
      headers: { cookie: guest.cookie },
    });
    expect(unsigned.statusCode).toBe(403);

    const library = await rest(guest, 'GET', 'mediathek/photos/messenger');
    expect(library.statusCode, library.body).toBe(200);
    expect(library.json().data).toMatchObject({ available: true, total: 1 });
    expect(library.json().data.messengerMedia).toEqual([
      expect.objectContaining({
        mediaId,
        channelId,
        kind: 'photo',
        url: expect.stringContaining(`/media/messenger/${mediaId}/`),
      }),
    ]);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('too little money: NOT_ENOUGH_MONEY, nothing charged, the photo stays locked and out of the library', async () => {
    const { guest, channelId, mediaId } = await paidPhoto(0);
    const message = await expectRefusedForMoney(guest, channelId, mediaId);
    expect(message.media).toMatchObject({ mediaId, bought: false, url: null });
    expect((await rest(guest, 'GET', 'mediathek/photos/messenger')).json().data).toMatchObject({ total: 0 });
  });

  it('another guest can neither buy nor see it (MESSENGER_CHANNEL_NOT_FOUND); a media id of another channel is MESSENGER_MEDIA_NOT_FOUND; a visitor gets 401', async () => {
    const { guest, channelId, mediaId } = await paidPhoto(0);
    const intruder = await make().buildGuest({ balanceCents: 10_000 });
    const refused = await buy(intruder, channelId, mediaId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('MESSENGER_CHANNEL_NOT_FOUND');
    const own = await guestWithChannel(10_000);
    const wrongChannel = await buy(own.guest, own.channelId, mediaId);
    expect(wrongChannel.statusCode).toBe(404);
    expect(wrongChannel.json().error.code).toBe('MESSENGER_MEDIA_NOT_FOUND');
    const seen = await rest(intruder, 'GET', `messenger/channel/${channelId}`);
    expect(seen.statusCode).toBe(404);
    expect((await buy(null, channelId, mediaId)).statusCode).toBe(401);
    expect(await transfersOf(mediaId)).toBe(0);
    expect(guest.id).not.toBe(intruder.id);
  });
});
