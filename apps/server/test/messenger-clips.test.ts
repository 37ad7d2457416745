/**
 * Paid clips in the messenger (issue 19 deliverable 2: "a photo or clip for coins ... lands, once
 * bought, in the media library under messenger"; decision 0054 §10, §12). A performer sends a clip
 * through the performer API (or the simulator answers with one): it arrives locked (a placeholder, no
 * URL, no byte of the clip); buying it charges once however many buys race, only past the age check
 * (FSK-18, refused before any charge); bought, it plays as HLS like a bought shop video (the seed's
 * test-pattern clip pool) through files signed for that guest only; it is listed under
 * videos/messenger, not photos/messenger. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import { clipDirOf, readClipPool } from '@vela/db/clip-pool';
import { sql } from '@vela/db/orm';
import { messengerReplyMessages } from '@vela/i18n/messages/messenger-replies';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { messengerKit, waitFor } from './messenger-performer-kit.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.203';
const SECRET = 'messenger-clips-test-secret-0123456789abc';
const t = testAppPerSuite({
  env: {
    PERFORMER_API_SECRET: SECRET,
    PERFORMER_SIMULATOR: 'true',
    MESSENGER_REPLY_DELAY_MS: '10-30',
    // Every answer to a text is paid media (a photo, then a clip, in turn).
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
const TS_SYNC_BYTE = 0x47;
const PRICE_CENTS = 1_000;

type Guest = Parameters<typeof rest>[0];

const sendClip = (actorId: number, channelId: string, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1/performer/messenger/channels/${channelId}/media`,
    headers: { [PERFORMER_TOKEN_HEADER]: performerToken(SECRET, actorId) },
    payload: {
      kind: 'clip',
      priceCents: PRICE_CENTS,
      caption: 'A clip for you',
      idempotencyKey: key('clip'),
      ...body,
    },
  });

const get = (guest: Guest, url: string) =>
  t.app.inject({ method: 'GET', url, headers: guest ? { cookie: guest.cookie } : {} });

/** 403/404 with a JSON error and no media bytes. */
function expectNoBytes(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.rawPayload[0]).not.toBe(TS_SYNC_BYTE);
}

/** A channel whose performer sent a clip through the performer API: the message as its guest sees it. */
async function offeredClip(balanceCents: number) {
  const channel = await guestWithChannel(balanceCents);
  const sent = await sendClip(channel.actor.id, channel.channelId);
  expect(sent.statusCode, sent.body).toBe(200);
  const mediaId = sent.json().data.mediaId as string;
  const conversation = await rest(channel.guest, 'GET', `messenger/channel/${channel.channelId}`);
  expect(conversation.statusCode, conversation.body).toBe(200);
  const message = conversation
    .json()
    .data.messages.find((m: { media: { mediaId: string } | null }) => m.media?.mediaId === mediaId);
  return { ...channel, mediaId, message };
}

describe('paid clips in the messenger (issue 19 deliverable 2)', () => {
  beforeAll(() => {
    make();
  });

  it('a performer sends a clip through the performer API: it arrives locked, a placeholder and a price, no URL and no clip files', async () => {
    const { message } = await offeredClip(0);
    expect(message).toMatchObject({ messageType: 'media', senderType: 'actor', text: 'A clip for you' });
    expect(message.media).toMatchObject({ kind: 'clip', bought: false, url: null, clip: null });
    expect(message.media.price).toEqual({ value: 40, currency: 'VXC' });
    expect(message.media.previewUrl).toMatch(/^data:image\/svg\+xml,/);
    // Nothing of the clip leaves the server while it is locked.
    expect(JSON.stringify(message)).not.toMatch(/m3u8|\.ts\?|poster|\/media\/messenger\//);
  });

  it('not sold without the age check (403 RESTRICTED before any charge); 20 parallel buys charge once; bought, it plays as HLS through files signed for the guest only', async () => {
    const { guest, channelId, mediaId } = await offeredClip(10_000);
    const unverified = await buy(guest, channelId, mediaId);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('RESTRICTED');
    expect(await transfersOf(mediaId)).toBe(0);
    await verifyAge(guest.id);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buy(guest, channelId, mediaId, key(`p${i}`))),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.filter((answer) => answer.json().data.alreadyBought === false)).toHaveLength(1);
    expect(await transfersOf(mediaId)).toBe(1);
    for (const answer of answers) expect(answer.json().data.guestBalanceCents).toBe(10_000 - PRICE_CENTS);
    await expectLedgerInvariantsOf(t.database.db);

    const media = answers[0]?.json().data.message.media;
    expect(media).toMatchObject({ mediaId, kind: 'clip', bought: true });
    expect(media.url).toMatch(new RegExp(`^/media/messenger/${mediaId}/index\\.m3u8\\?t=`));
    expect(media.clip.posterUrl).toMatch(new RegExp(`^/media/messenger/${mediaId}/poster\\.jpg\\?t=`));
    expect(media.clip.thumbnailsUrl).toMatch(
      new RegExp(`^/media/messenger/${mediaId}/thumbnails\\.vtt\\?t=`),
    );
    // The conversation shows it bought too.
    const conversation = await rest(guest, 'GET', `messenger/channel/${channelId}`);
    const shown = conversation
      .json()
      .data.messages.find((m: { media: { mediaId: string } | null }) => m.media?.mediaId === mediaId);
    expect(shown.media).toMatchObject({ bought: true, kind: 'clip' });

    // The playlist lists every segment of the pool clip, each signed; each segment is MPEG-TS.
    const pool = await readClipPool(clipDirOf(t.config.mediaDir));
    const segmentCounts = [...(pool?.values() ?? [])].map((clip) => clip.segments.length);
    const playlist = await get(guest, media.url);
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(playlist.headers['cache-control']).toBe('private, no-cache');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const segments = playlist.body.split('\n').filter((line) => line.includes('.ts?t='));
    expect(segmentCounts).toContain(segments.length);
    for (const url of segments) {
      expect(url).toMatch(new RegExp(`^/media/messenger/${mediaId}/\\d+\\.ts\\?t=`));
      const segment = await get(guest, url);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.rawPayload[0]).toBe(TS_SYNC_BYTE);
    }
    const poster = await get(guest, media.clip.posterUrl);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const vtt = await get(guest, media.clip.thumbnailsUrl);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body.startsWith('WEBVTT')).toBe(true);
    expect(vtt.body).toContain(`/media/messenger/${mediaId}/sprite.jpg?t=`);

    // Only the owner: another guest (even age-checked), a visitor, an unsigned URL are refused, no bytes.
    const other = await make().buildGuest();
    await verifyAge(other.id);
    expectNoBytes(await get(other, media.url), 403);
    expectNoBytes(await get(other, segments[0]!), 403);
    expectNoBytes(await get(null, segments[0]!), 403);
    expectNoBytes(await get(guest, `/media/messenger/${mediaId}/0.ts`), 403);
    // The clip's token opens no other media and no picture rendition of it.
    const token = new URL(media.url, 'http://x').searchParams.get('t');
    expectNoBytes(await get(guest, `/media/messenger/${mediaId}/w640.webp?t=${token}`), 403);
    expectNoBytes(await get(guest, `/media/messenger/${Number(mediaId) + 1}/0.ts?t=${token}`), 403);
    // A segment beyond the clip, or a file a clip does not have: 404.
    expectNoBytes(await get(guest, `/media/messenger/${mediaId}/${segments.length}.ts?t=${token}`), 404);
    expectNoBytes(await get(guest, `/media/messenger/${mediaId}/seg-000.ts?t=${token}`), 404);
    // FSK-18: once the age check is gone (revoked), the restriction, no bytes.
    await t.database.db.execute(sql`update guests set avs_status = 'unknown' where id = ${guest.id}`);
    const revoked = await get(guest, segments[0]!);
    expectNoBytes(revoked, 403);
    expect(revoked.json().error.code).toBe('RESTRICTED');
    await verifyAge(guest.id);
    expect((await get(guest, segments[0]!)).statusCode).toBe(200);
  });

  it('a bought clip is listed under videos/messenger with its signed files, not under photos/messenger; a locked one in neither', async () => {
    const locked = await offeredClip(10_000);
    await verifyAge(locked.guest.id);
    const empty = await rest(locked.guest, 'GET', 'mediathek/videos/messenger');
    expect(empty.json().data).toMatchObject({ available: true, total: 0, messengerMedia: [] });

    const { guest, channelId, mediaId, actor } = await offeredClip(10_000);
    await verifyAge(guest.id);
    expect((await buy(guest, channelId, mediaId)).statusCode).toBe(200);
    const videos = await rest(guest, 'GET', 'mediathek/videos/messenger');
    expect(videos.statusCode, videos.body).toBe(200);
    expect(videos.json().data).toMatchObject({
      section: 'messenger',
      available: true,
      total: 1,
      hasMore: false,
      items: [],
    });
    const [item] = videos.json().data.messengerMedia;
    expect(item).toMatchObject({
      mediaId,
      channelId,
      actorId: actor.id,
      actorName: actor.name,
      kind: 'clip',
      price: { value: 40, currency: 'VXC' },
    });
    expect(item.url).toMatch(new RegExp(`^/media/messenger/${mediaId}/index\\.m3u8\\?t=`));
    expect(item.clip.posterUrl).toMatch(new RegExp(`^/media/messenger/${mediaId}/poster\\.jpg\\?t=`));
    expect((await get(guest, item.url)).statusCode).toBe(200);
    expect((await get(guest, item.clip.posterUrl)).statusCode).toBe(200);
    const photos = await rest(guest, 'GET', 'mediathek/photos/messenger');
    expect(photos.json().data).toMatchObject({ total: 0, messengerMedia: [] });
    // Another guest's library has none of it.
    const other = await make().buildGuest();
    expect((await rest(other, 'GET', 'mediathek/videos/messenger')).json().data).toMatchObject({ total: 0 });
  });

  it('too little money: NOT_ENOUGH_MONEY, nothing charged, the clip stays locked and out of the library', async () => {
    const { guest, channelId, mediaId } = await offeredClip(100);
    const message = await expectRefusedForMoney(guest, channelId, mediaId);
    expect(message.media).toMatchObject({ mediaId, bought: false, url: null, clip: null });
    expect((await rest(guest, 'GET', 'mediathek/videos/messenger')).json().data).toMatchObject({ total: 0 });
  });

  it('the simulator answers with paid media in turn: a photo, then a clip with a clip caption in the guest language', async () => {
    const { guest, channelId } = await guestWithChannel(0);
    await send(guest, channelId, 'Hallo, zeig mir was', 'de');
    await waitFor(
      () => actorMessages(channelId),
      (rows) => rows.length >= 1,
    );
    await send(guest, channelId, 'Und noch etwas?', 'de');
    const rows = await waitFor(
      () => actorMessages(channelId),
      (list) => list.length >= 2,
    );
    expect(rows.map((row) => row.message_type)).toEqual(['media', 'media']);
    const conversation = await rest(guest, 'GET', `messenger/channel/${channelId}`);
    const media = conversation
      .json()
      .data.messages.filter((m: { senderType: string }) => m.senderType === 'actor');
    expect(media.map((m: { media: { kind: string } }) => m.media.kind)).toEqual(['photo', 'clip']);
    const de = messengerReplyMessages.de;
    expect([de.clip1, de.clip2]).toContain(media[1].text);
    expect(media[1].media).toMatchObject({ bought: false, url: null, clip: null });
    expect(media[1].media.price.value).toBeGreaterThan(0);
  });
});
