/**
 * Like/dislike of videos through the query-language service against a real database (spec 7
 * mutations "like/dislike video", spec 3 Video rating likes and guestInfo.liked, spec 4 "rating
 * responses overwrite counts and flags"): logged-in guests only, one vote per guest and video (a
 * second like is not counted twice; like -> dislike moves the vote; undo takes it back), the
 * counters on `videos` always equal the `video_ratings` rows, concurrent presses included.
 */

import { VIDEO_RATING_DOCUMENTS } from '@vela/contracts/video-actions';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.74.x.y). */
const NET = '10.74';

let t: TestApp;
let make: Factories;
let alice: SignedUp;
let bob: SignedUp;
let actorId: number;

/** POSTs a document with variables to /graphql as the pages do (bearer token, JSON body). */
function graphql(document: string, who?: SignedUp, country?: string, variables: object = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  if (country) headers['x-country-code'] = country;
  return t.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: nextIp(NET),
    headers,
    payload: { query: document, variables },
  });
}

// The documents the pages send (@vela/contracts/video-actions).
const like = (videoId: number, who?: SignedUp, undo = false) =>
  graphql(VIDEO_RATING_DOCUMENTS.likeVideo, who, undefined, { videoId, undo });
const dislike = (videoId: number, who?: SignedUp) =>
  graphql(VIDEO_RATING_DOCUMENTS.dislikeVideo, who, undefined, { videoId });

/** The counters on the video and what the rating rows say they must be. */
async function counts(videoId: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select v.likes, v.dislikes,
          (select count(*) from video_ratings r where r.video_id = v.id and r.rating = 1) as rows_likes,
          (select count(*) from video_ratings r where r.video_id = v.id and r.rating = -1) as rows_dislikes
        from videos v where v.id = ${videoId}`,
  );
  const result = { likes: Number(row!.likes), dislikes: Number(row!.dislikes) };
  expect({ likes: Number(row!.rows_likes), dislikes: Number(row!.rows_dislikes) }).toEqual(result);
  return result;
}

const rating = (videoId: number, likes: number, dislikes: number, own: -1 | 0 | 1) => ({
  videoId,
  guestRatingLikes: likes,
  guestRatingDislikes: dislikes,
  isLiked: own === 1,
  isDisliked: own === -1,
});

beforeAll(async () => {
  t = await createTestApp();
  make = factoriesOf(t, { net: NET });
  alice = await make.buildGuest({ name: 'vrate_alice' });
  bob = await make.buildGuest({ name: 'vrate_bob' });
  actorId = (await make.buildActor({ name: make.unique('RatedStar') })).id;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('GraphQL likeVideo / dislikeVideo (spec 7; spec 4 responses overwrite counts and flags)', () => {
  it('needs a token (spec 8 Missing Vxql-Token) and a logged-in guest; nothing changes', async () => {
    const video = await make.buildVideo(actorId);
    const anonymous = await like(video.id);
    expect(anonymous.json()).toEqual({
      errors: [{ message: 'Missing Vxql-Token', extensions: { code: 'MISSING_TOKEN' } }],
      data: null,
    });
    expect(await counts(video.id)).toEqual({ likes: 0, dislikes: 0 });
  });

  it('a second like is not counted twice; like -> dislike moves the vote; undo takes it back', async () => {
    const video = await make.buildVideo(actorId);
    expect((await like(video.id, alice)).json().data.likeVideo).toEqual(rating(video.id, 1, 0, 1));
    expect((await like(video.id, alice)).json().data.likeVideo).toEqual(rating(video.id, 1, 0, 1));
    expect(await counts(video.id)).toEqual({ likes: 1, dislikes: 0 });

    expect((await like(video.id, bob)).json().data.likeVideo).toEqual(rating(video.id, 2, 0, 1));
    expect((await dislike(video.id, alice)).json().data.dislikeVideo).toEqual(rating(video.id, 1, 1, -1));
    expect(await counts(video.id)).toEqual({ likes: 1, dislikes: 1 });

    expect((await like(video.id, bob, true)).json().data.likeVideo).toEqual(rating(video.id, 0, 1, 0));
    expect(await counts(video.id)).toEqual({ likes: 0, dislikes: 1 });

    // The public read: counts for everyone, the own flags only with the caller's token.
    const read = (who?: SignedUp) =>
      graphql(VIDEO_RATING_DOCUMENTS.videoRating, who, undefined, { videoId: video.id }).then(
        (r) => r.json().data.videoRating,
      );
    expect(await read()).toEqual(rating(video.id, 0, 1, 0));
    expect(await read(alice)).toEqual(rating(video.id, 0, 1, -1));
  });

  it('concurrent presses of one guest count once and keep the counters equal to the rows', async () => {
    const video = await make.buildVideo(actorId);
    const answers = await Promise.all([
      like(video.id, alice),
      like(video.id, alice),
      dislike(video.id, bob),
      like(video.id, bob),
      like(video.id, alice),
    ]);
    for (const answer of answers) expect(answer.json().errors).toBeUndefined();
    const final = await counts(video.id);
    expect(final.likes + final.dislikes).toBe(2);
    expect(final.likes).toBeGreaterThanOrEqual(1);
  });

  it('unknown video: VIDEO_NOT_FOUND; bad id: BAD_USER_INPUT; blocked country: ACTOR_BLOCKED_IN_COUNTRY', async () => {
    expect((await like(2_000_000_000, alice)).json().errors?.[0]?.extensions?.code).toBe('VIDEO_NOT_FOUND');
    expect((await like(-3, alice)).json().errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const blockedActor = await make.buildActor({
      name: make.unique('BlockedStar'),
      bannedCountryCodes: ['DE'],
    });
    const video = await make.buildVideo(blockedActor.id);
    const blocked = await graphql(VIDEO_RATING_DOCUMENTS.likeVideo, alice, 'DE', { videoId: video.id });
    expect(blocked.json().errors?.[0]?.extensions?.code).toBe('ACTOR_BLOCKED_IN_COUNTRY');
    expect(await counts(video.id)).toEqual({ likes: 0, dislikes: 0 });
  });

  it('spec 3 guestInfo.liked: true only for the guest who liked, in the tile grid and GraphQL videos', async () => {
    const liked = await make.buildVideo(actorId);
    const other = await make.buildVideo(actorId);
    await like(liked.id, alice);
    await dislike(other.id, alice);
    const tiles = async (who?: SignedUp) => {
      const payload = JSON.stringify({
        category: 'allVideos',
        limit: 10,
        filter: { ids: [liked.id, other.id] },
      });
      const response = await t.app.inject({
        method: 'GET',
        url: `/rest/v1/tileGrid/get/videos/${encodeURIComponent(payload)}`,
        remoteAddress: nextIp(NET),
        headers: who ? { authorization: `Bearer ${who.accessToken}` } : {},
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json().data.items as { id: number; guestInfo: { liked: boolean } }[];
      return Object.fromEntries(items.map((item) => [item.id, item.guestInfo.liked]));
    };
    expect(await tiles(alice)).toEqual({ [liked.id]: true, [other.id]: false });
    expect(await tiles(bob)).toEqual({ [liked.id]: false, [other.id]: false });
    expect(await tiles()).toEqual({ [liked.id]: false, [other.id]: false });

    const listed = await graphql(
      `{ videos(category: "allVideos", filter: { ids: [${liked.id}] }) { items { id likes guestInfo { liked } } } }`,
      alice,
    );
    expect(listed.json().data.videos.items).toEqual([
      { id: String(liked.id), likes: 1, guestInfo: { liked: true } },
    ]);
  });
});
