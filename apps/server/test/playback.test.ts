/**
 * Watching videos (issue 17 deliverables 2 and 3; spec 7 `watch/start`, spec 9 "preview thumbnails
 * 100 per video"; decision 0044): the whole app on a test database seeded with the tiny test clip
 * pool (two 12 s clips of 4 s segments). What a start may play follows the video access rule (free
 * clip, bought, VIP video for a VIP member: in full; else the 20 s preview); every media URL is
 * signed for the caller, and a direct, foreign, expired, forged or beyond-the-allowance URL answers
 * 403 with a JSON error and no media bytes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { queryRows } from '@vela/db/client';
import { clipDirOf, readClipPool } from '@vela/db/clip-pool';
import { sql } from '@vela/db/orm';
import { generateClips } from '@vela/db/seed/clips';
import { SIGNED_MEDIA_TTL_SECONDS, VIDEO_PREVIEW_SECONDS } from '@vela/domain/video-access';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WATCH_STARTS_PER_CALLER } from '../src/modules/playback/playback.routes.ts';
import { factoriesOf, ownVideo } from './factories.ts';
import { keyMaker, nextIp, restWithCookie, type SignedUp } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.171';
const t = testAppPerSuite({ offeredSubscriptions: ['vip'] });
const make = () => factoriesOf(t, { net: NET });
const key = keyMaker();
/** The test pool's clips: 12 s of 4 s segments. */
const CLIP_SEGMENTS = 3;
const TS_SYNC_BYTE = 0x47;

type Who = SignedUp | null;

const get = (who: Who, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: nextIp(NET),
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
  });

const watchStart = (who: Who, videoId: number | string, headers: Record<string, string> = {}) =>
  get(who, `/rest/v1/watch/start?videoId=${videoId}`, headers);

async function started(who: Who, videoId: number) {
  const response = await watchStart(who, videoId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json().data as {
    access: 'full' | 'preview';
    previewSeconds: number;
    playableSeconds: number;
    durationS: number;
    manifestUrl: string;
    posterUrl: string;
    thumbnailsUrl: string;
  };
}

/** The segment URLs of a playlist, in order. */
const segmentsOf = (playlist: string) => playlist.split('\n').filter((line) => line.includes('.ts?t='));

/** 403, a JSON error body and no media bytes. */
function expectRefused(response: LightMyRequestResponse, code = 'FORBIDDEN') {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.json()).toMatchObject({ success: false, error: { code } });
  expect(response.rawPayload[0]).not.toBe(TS_SYNC_BYTE);
}

/** A URL of the same start with segment `index` instead of the file named. */
const segmentUrl = (mediaUrl: string, index: number) => mediaUrl.replace(/\/[^/?]+\?t=/, `/${index}.ts?t=`);

async function videoOf(overrides: Parameters<ReturnType<typeof make>['buildVideo']>[1] = {}) {
  const actor = await make().buildActor();
  return make().buildVideo(actor.id, { durationS: 60, ...overrides });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('spec 7 watch/start: what a start may play (issue 17 deliverable 3)', () => {
  it('an owner gets the full video: ceil(60 s / 4 s) = 15 segments looping the 12 s clip with a discontinuity at each wrap; every file is served privately', async () => {
    const guest = await make().buildGuest();
    const video = await videoOf();
    await ownVideo(t, guest, video.id);
    const start = await started(guest, video.id);
    expect(start).toMatchObject({
      access: 'full',
      previewSeconds: VIDEO_PREVIEW_SECONDS,
      playableSeconds: 60,
      durationS: 60,
    });

    const manifest = await get(guest, start.manifestUrl);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(manifest.headers['cache-control']).toBe('private, no-cache');
    expect(manifest.body.startsWith('#EXTM3U\n')).toBe(true);
    expect(manifest.body).toContain('#EXT-X-ENDLIST');
    const segments = segmentsOf(manifest.body);
    expect(segments).toHaveLength(15);
    expect(manifest.body.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(15 / CLIP_SEGMENTS - 1);

    const last = await get(guest, segments.at(-1)!);
    expect(last.statusCode).toBe(200);
    expect(last.headers['content-type']).toBe('video/mp2t');
    expect(last.rawPayload[0]).toBe(TS_SYNC_BYTE);
    // The loop serves the clip's own bytes: segment 14 is clip segment 14 mod 3 = 2.
    expect((await get(guest, segments[2]!)).rawPayload.equals(last.rawPayload)).toBe(true);

    const poster = await get(guest, start.posterUrl);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('spec 9 preview thumbnails: a WebVTT of at most 100 cues over the playable length, each a sprite tile whose URL loads', async () => {
    const guest = await make().buildGuest();
    const video = await videoOf({ durationS: 2_400 });
    await ownVideo(t, guest, video.id);
    const start = await started(guest, video.id);
    const vtt = await get(guest, start.thumbnailsUrl);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.body.startsWith('WEBVTT\n')).toBe(true);
    const cues = vtt.body.match(/ --> /g) ?? [];
    expect(cues.length).toBeGreaterThan(50);
    expect(cues.length).toBeLessThanOrEqual(100);
    const tile = /^(\/rest\/v1\/watch\/media\/\S+sprite\.jpg\?t=\S+)#xywh=(\d+),(\d+),160,90$/m.exec(
      vtt.body,
    );
    expect(tile, vtt.body.slice(0, 300)).not.toBeNull();
    const sprite = await get(guest, tile![1]!);
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers['content-type']).toBe('image/jpeg');
  });

  it('a guest who did not buy the video gets the 20 s preview: 5 segments, and no segment beyond them — not with the same token, nor by raising the allowance in the URL', async () => {
    const guest = await make().buildGuest();
    const video = await videoOf();
    const start = await started(guest, video.id);
    expect(start).toMatchObject({ access: 'preview', playableSeconds: VIDEO_PREVIEW_SECONDS, durationS: 60 });
    const manifest = await get(guest, start.manifestUrl);
    const segments = segmentsOf(manifest.body);
    expect(segments).toHaveLength(VIDEO_PREVIEW_SECONDS / 4);
    expect(manifest.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect((await get(guest, segments[4]!)).statusCode).toBe(200);

    expectRefused(await get(guest, segmentUrl(start.manifestUrl, 5)));
    expectRefused(await get(guest, segmentUrl(start.manifestUrl, 14)));
    // The token was signed for 5 segments: it opens nothing under a larger allowance.
    expectRefused(await get(guest, segmentUrl(start.manifestUrl, 5).replace(/\/5\/5\.ts/, '/15/5.ts')));
  });

  it("a direct URL without a token, a forged token, another guest's URL and a visitor holding a guest's URL are refused with 403 and no bytes", async () => {
    const owner = await make().buildGuest();
    const other = await make().buildGuest();
    const video = await videoOf();
    await ownVideo(t, owner, video.id);
    const start = await started(owner, video.id);
    const segment = segmentUrl(start.manifestUrl, 7);
    expect((await get(owner, segment)).statusCode).toBe(200);

    expectRefused(await get(owner, segment.replace(/\?t=.*$/, '')));
    expectRefused(await get(owner, segment.replace(/\?t=.*$/, '?t=')));
    expectRefused(await get(owner, segment.replace(/\?t=.*$/, '?t=not-a-token')));
    const token = segment.slice(segment.indexOf('?t=') + 3);
    // Another first character of the MAC (its last one carries padding bits that may decode the same).
    const macAt = token.lastIndexOf('.') + 1;
    const forgedMac = `${token.slice(0, macAt)}${token[macAt] === 'A' ? 'B' : 'A'}${token.slice(macAt + 1)}`;
    expectRefused(await get(owner, segment.replace(token, forgedMac)));
    // Signed for the owner, asked for by someone else: another guest, a visitor.
    expectRefused(await get(other, segment));
    expectRefused(await get(null, segment));
    expectRefused(await get(other, start.manifestUrl));
    expectRefused(await get(other, start.posterUrl));
    expectRefused(await get(other, start.thumbnailsUrl));
    // Another video's URL with this token.
    const elsewhere = await videoOf();
    expectRefused(await get(owner, segment.replace(`/media/${video.id}/`, `/media/${elsewhere.id}/`)));
  });

  it('a URL expires (SIGNED_MEDIA_TTL_SECONDS): after the clock moves past it the owner is refused too, and a new start opens it again', async () => {
    const owner = await make().buildGuest();
    const video = await videoOf();
    await ownVideo(t, owner, video.id);
    const start = await started(owner, video.id);
    const segment = segmentUrl(start.manifestUrl, 1);
    expect((await get(owner, segment)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SIGNED_MEDIA_TTL_SECONDS + 60) * 1000);
    expectRefused(await get(owner, segment));
    expectRefused(await get(owner, start.manifestUrl));
    const again = await started(owner, video.id);
    expect((await get(owner, segmentUrl(again.manifestUrl, 1))).statusCode).toBe(200);
  });

  it('spec 3 flatrate: a VIP member plays VIP videos and VIP30 offers in full; a guest without VIP gets their preview', async () => {
    const vip = await make().buildGuest({ balanceCents: 10_000 });
    const subscribed = await restWithCookie(t.app, NET, vip, 'POST', 'subscriptions/subscribe', {
      product: 'vip',
      idempotencyKey: randomUUID(),
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const plain = await make().buildGuest();
    const vipVideo = await videoOf({ vip: true });
    const vip30 = await videoOf({ vip30: true });
    const regular = await videoOf();
    expect((await started(vip, vipVideo.id)).access).toBe('full');
    expect((await started(vip, vip30.id)).access).toBe('full');
    expect((await started(vip, regular.id)).access).toBe('preview');
    expect((await started(plain, vipVideo.id)).access).toBe('preview');
    const full = await started(vip, vipVideo.id);
    expect(segmentsOf((await get(vip, full.manifestUrl)).body)).toHaveLength(15);
  });

  it('spec 3 Video.free: a free clip plays in full, for a guest and for a visitor', async () => {
    const guest = await make().buildGuest();
    const free = await videoOf({ free: true, priceCents: 0, basePriceCents: 0 });
    expect((await started(guest, free.id)).access).toBe('full');
    const visitor = await started(null, free.id);
    expect(visitor).toMatchObject({ access: 'full', playableSeconds: 60 });
    const segment = segmentUrl(visitor.manifestUrl, 14);
    expect((await get(null, segment)).statusCode).toBe(200);
    // A visitor's URL opens for visitors only, never for a logged-in guest's session.
    expectRefused(await get(guest, segment));
  });

  it('a visitor gets the preview of an FSK-16 video (signed for visitors), never its full length', async () => {
    const video = await videoOf();
    const start = await started(null, video.id);
    expect(start).toMatchObject({ access: 'preview', playableSeconds: VIDEO_PREVIEW_SECONDS });
    const manifest = await get(null, start.manifestUrl);
    expect(segmentsOf(manifest.body)).toHaveLength(5);
    expectRefused(await get(null, segmentUrl(start.manifestUrl, 5)));
  });

  it('spec 6 FSK-18: without the accepted age check watch/start is 403 RESTRICTED (need-login for a visitor, need-age-check for a guest); with it the video plays; a revoked check closes the segments again', async () => {
    const guest = await make().buildGuest();
    const video = await videoOf({ ageRating: 18 });
    await ownVideo(t, guest, video.id);
    const visitor = await watchStart(null, video.id);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toMatchObject({ code: 'RESTRICTED', reason: 'need-login' });
    const unverified = await watchStart(guest, video.id);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error).toMatchObject({ code: 'RESTRICTED', reason: 'need-age-check' });

    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    const start = await started(guest, video.id);
    expect(start.access).toBe('full');
    const segment = segmentUrl(start.manifestUrl, 3);
    expect((await get(guest, segment)).statusCode).toBe(200);
    await t.database.db.execute(sql`update guests set avs_status = 'none' where id = ${guest.id}`);
    expectRefused(await get(guest, segment), 'RESTRICTED');
  });

  it('spec 6 banned countries: from a country the performer bans, watch/start and the media answer 403 ACTOR_BLOCKED_IN_COUNTRY', async () => {
    const guest = await make().buildGuest();
    const actor = await make().buildActor({ bannedCountryCodes: ['AT'] });
    const video = await make().buildVideo(actor.id, { durationS: 60 });
    const blocked = await watchStart(guest, video.id, { 'x-country-code': 'AT' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('ACTOR_BLOCKED_IN_COUNTRY');
    const start = await started(guest, video.id);
    expectRefused(
      await get(guest, segmentUrl(start.manifestUrl, 0), { 'x-country-code': 'AT' }),
      'ACTOR_BLOCKED_IN_COUNTRY',
    );
  });

  it('records each start in watch_starts: who, which video, the access, when', async () => {
    const guest = await make().buildGuest();
    const video = await videoOf();
    await started(guest, video.id);
    await started(null, video.id);
    const rows = await queryRows<{ guestId: number | null; sessionId: number | null; access: string }>(
      t.database.db,
      // Ids as int: PostgreSQL answers a bigint as a string, PGlite as a number.
      sql`select guest_id::int as "guestId", session_id::int as "sessionId", access from watch_starts
          where video_id = ${video.id} and started_at > now() - interval '1 minute' order by id`,
    );
    expect(rows).toEqual([
      { guestId: guest.id, sessionId: expect.any(Number), access: 'preview' },
      { guestId: null, sessionId: null, access: 'preview' },
    ]);
  });

  it('bad input is a 4xx that changes nothing: non-numeric, zero, negative, oversize ids, control characters, unknown videos, malformed media paths', async () => {
    const guest = await make().buildGuest();
    const before = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from watch_starts`,
    );
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648', '%00', '1%0A', '']) {
      const response = await watchStart(guest, id);
      expect(response.statusCode, `${id}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
    expect((await get(guest, '/rest/v1/watch/start')).statusCode).toBe(400);
    const unknown = await watchStart(guest, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    for (const url of [
      '/rest/v1/watch/media/abc/5/0.ts?t=x',
      '/rest/v1/watch/media/1/0/0.ts?t=x',
      '/rest/v1/watch/media/1/5/-1.ts?t=x',
      '/rest/v1/watch/media/1/5/01.ts?t=x',
      '/rest/v1/watch/media/1/5/index.m3u9?t=x',
      '/rest/v1/watch/media/1/5/..%2F..%2Fpool.json?t=x',
      `/rest/v1/watch/media/1/5/${'9'.repeat(400)}.ts?t=x`,
      '/rest/v1/watch/media/1/5/0.ts?t=%01',
    ]) {
      const response = await get(guest, url);
      expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.rawPayload[0]).not.toBe(TS_SYNC_BYTE);
    }
    const after = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from watch_starts`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('recording starts is bounded (a GET that writes a row)', () => {
  it(`a guest records at most ${WATCH_STARTS_PER_CALLER.max} starts per ${WATCH_STARTS_PER_CALLER.windowMs / 60_000} minutes: the next one is 429 RATE_LIMITED with Retry-After and records nothing`, async () => {
    const guest = await make().buildGuest();
    const video = await videoOf();
    for (let i = 0; i < WATCH_STARTS_PER_CALLER.max; i++)
      expect((await watchStart(guest, video.id)).statusCode).toBe(200);
    const refused = await watchStart(guest, video.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from watch_starts where guest_id = ${guest.id}`,
    );
    expect(rows[0]!.n).toBe(WATCH_STARTS_PER_CALLER.max);
  }, 60_000);
});

describe('buying unlocks the whole video (issue 17 deliverable 1 and 3)', () => {
  it('a double purchase through video/:id/buy charges once, the ledger invariant holds, and the next start plays in full', async () => {
    const guest = await make().buildGuest({ balanceCents: 2_000 });
    const video = await videoOf({ priceCents: 499, basePriceCents: 499 });
    expect((await started(guest, video.id)).access).toBe('preview');
    const buy = () =>
      restWithCookie(t.app, NET, guest, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buy') });
    const [first, second] = await Promise.all([buy(), buy()]);
    expect(
      [first.statusCode, second.statusCode].every((s) => s === 200),
      `${first.body} ${second.body}`,
    ).toBe(true);
    const third = await buy();
    expect(third.statusCode, third.body).toBe(200);
    const purchases = await queryRows<{ n: number; cents: number }>(
      t.database.db,
      sql`select count(*)::int as n, coalesce(sum(price_cents), 0)::int as cents from purchases
          where guest_id = ${guest.id} and item_type = 'video' and item_id = ${video.id}`,
    );
    expect(purchases[0]).toEqual({ n: 1, cents: 499 });
    const balance = await restWithCookie(t.app, NET, guest, 'GET', 'guest/getGuestBalance');
    expect(balance.json().data.balanceCents).toBe(2_000 - 499);
    await expectLedgerInvariantsOf(t.database.db);
    expect((await started(guest, video.id)).access).toBe('full');
  });
});

describe('the seed clip pool (issue 17 deliverable 2)', () => {
  it('lives next to the media directory, outside what /media/ serves, and /media/ cannot reach it', async () => {
    const clipDir = clipDirOf(t.config.mediaDir);
    expect(path.relative(t.config.mediaDir, clipDir).startsWith('..')).toBe(true);
    const pool = await readClipPool(clipDir);
    expect(pool?.size).toBe(2);
    const clip = [...(pool?.values() ?? [])][0]!;
    expect(clip.segments).toEqual([4, 4, 4]);
    const name = path.basename(clipDir);
    for (const url of [
      `/media/../${name}/${clip.key}/seg-000.ts`,
      `/media/%2E%2E/${name}/${clip.key}/seg-000.ts`,
      `/media/${clip.key}/seg-000.ts`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.rawPayload[0]).not.toBe(TS_SYNC_BYTE);
    }
  });

  it('generation is idempotent: a second run generates nothing; a fresh directory gets the whole pool', async () => {
    const clipDir = clipDirOf(t.config.mediaDir);
    const again = await generateClips(clipDir, 'test');
    expect(again).toMatchObject({ written: 0, skipped: 2 });
    const fresh = await mkdtemp(path.join(tmpdir(), 'vela-clips-'));
    try {
      const first = await generateClips(fresh, 'test');
      expect(first).toMatchObject({ written: 2, skipped: 0 });
      expect(first.keys).toEqual(again.keys);
      expect(await generateClips(fresh, 'test')).toMatchObject({ written: 0, skipped: 2 });
      const files = await readdir(path.join(fresh, first.keys[0]!));
      expect(files.sort()).toEqual([
        'clip.json',
        'poster.jpg',
        'seg-000.ts',
        'seg-001.ts',
        'seg-002.ts',
        'sprite.jpg',
      ]);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
