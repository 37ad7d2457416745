/**
 * A live chat's rating reaches the performer's profile (issue 16, spec 7 `survey/chatexit` BAD/GREAT,
 * spec 3 chat ratings `lastNinetyDays`, spec 9: shown from 10 ratings, the last 90 days): the live
 * module stores it on the session and reports it to the performers module (which owns chat_ratings)
 * through its write port, one rating per chat. Chats are run by a second live node on the same
 * database (its clock set by the test); the rating goes through the app's real route, and the profile
 * is read through the app's GraphQL `chatRatings`.
 */
import { sql } from '@vela/db/orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChatRatingWrites } from '../src/modules/performers/chat-ratings.ts';
import { factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { recordingMedia } from './live-media-double.ts';
import { type LiveNode, liveNodeOn, runningChat } from './live-node.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.125';
const DAY_MS = 86_400_000;
const t = testAppPerSuite({ env: { LIVE_MINUTE_MS: '1000' }, liveMedia: recordingMedia() });
let make: ReturnType<typeof factoriesOf>;
let live: LiveNode;

beforeAll(() => {
  make = factoriesOf(t, { net: NET });
  live = liveNodeOn(t.database.db, {
    minuteMs: 1000,
    nodeId: 'ratings-node',
    ratings: createChatRatingWrites(t.database.db),
  });
});

/** A guest's livechat with the performer, started and left at once (nothing charged): ended. */
async function endedChat(actorId: number): Promise<{ guest: SignedUp; sessionId: string }> {
  const guest = await make.buildGuest({ balanceCents: 500 });
  await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
  const sessionId = await runningChat(live, guest.id, actorId);
  await live.service.event(sessionId, { type: 'guestExit' });
  expect((await live.service.sessionById(sessionId))?.status).toBe('ended');
  return { guest, sessionId };
}

/** survey/chatexit through the app, as the guest's page sends it. */
async function rate(guest: SignedUp, chatId: string, rating: 'BAD' | 'GREAT') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/v1/survey/chatexit',
    remoteAddress: nextIp(NET),
    headers: { authorization: `Bearer ${guest.accessToken}` },
    payload: { chatId, rating },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** What the profile shows (GraphQL chatRatings, spec 7). */
async function profileRatings(actorId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql?lang=en',
    remoteAddress: nextIp(NET),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      query:
        'query($id: Int!) { chatRatings(actorId: $id) { lastNinetyDays { countRatings satisfactionRate } } }',
      variables: { id: actorId },
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.chatRatings.lastNinetyDays;
}

describe('survey/chatexit ratings count in the profile chat ratings (spec 3, 7, 9)', () => {
  it('10 GREAT ratings of live chats within 90 days show a satisfaction rate of 100; 9 show none; a new answer replaces the chat rating', async () => {
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    // The live node's clock is the present (the profile counts back from the app's clock).
    live.clock.now = Date.now();
    const chats = [];
    for (let i = 0; i < 10; i += 1) chats.push(await endedChat(actor.id));
    for (const chat of chats.slice(0, 9)) await rate(chat.guest, chat.sessionId, 'GREAT');
    expect(await profileRatings(actor.id)).toEqual({ countRatings: 9, satisfactionRate: null });

    const tenth = chats[9]!;
    await rate(tenth.guest, tenth.sessionId, 'GREAT');
    expect(await profileRatings(actor.id)).toEqual({ countRatings: 10, satisfactionRate: 100 });

    // The same chat rated again (BAD) replaces its rating: still 10 ratings, 9 of them satisfied.
    await rate(tenth.guest, tenth.sessionId, 'BAD');
    await rate(tenth.guest, tenth.sessionId, 'BAD');
    expect(await profileRatings(actor.id)).toEqual({ countRatings: 10, satisfactionRate: 90 });
  });

  it('GREAT ratings given more than 90 days ago do not count', async () => {
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    // Ten chats rated 91 days ago (the live node's clock), through the live service and its port.
    live.clock.now = Date.now() - 91 * DAY_MS;
    for (let i = 0; i < 10; i += 1) {
      const { guest, sessionId } = await endedChat(actor.id);
      await live.service.rate(guest.id, sessionId, 'GREAT');
    }
    expect(await profileRatings(actor.id)).toEqual({ countRatings: 0, satisfactionRate: null });
  });

  it('a rating of a chat that has not ended is refused (409) and reaches no profile', async () => {
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    live.clock.now = Date.now();
    const guest = await make.buildGuest({ balanceCents: 500 });
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    const sessionId = await runningChat(live, guest.id, actor.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/survey/chatexit',
      remoteAddress: nextIp(NET),
      headers: { authorization: `Bearer ${guest.accessToken}` },
      payload: { chatId: sessionId, rating: 'GREAT' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('LIVE_SESSION_NOT_ENDED');
    expect(await profileRatings(actor.id)).toEqual({ countRatings: 0, satisfactionRate: null });
    await live.service.event(sessionId, { type: 'guestExit' });
  });
});
