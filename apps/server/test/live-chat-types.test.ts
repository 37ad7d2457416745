/**
 * `GET live/actors/:actorId/chat-types` (issue 16): the paid chat types the live page's start area
 * offers, each with its price per minute in coins — exactly the ones a start would not be refused
 * for on the performer's side. Public (no login), the same for every caller. The whole app on a test
 * database with the recording LiveMedia double.
 */
import { randomUUID } from 'node:crypto';
import { sql } from '@vela/db/orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { recordingMedia } from './live-media-double.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.121';
const t = testAppPerSuite({ env: { LIVE_MINUTE_MS: '1000' }, liveMedia: recordingMedia() });

describe('live chat types a performer offers now (the live page start area)', () => {
  let make: ReturnType<typeof factoriesOf>;
  beforeAll(() => {
    make = factoriesOf(t, { net: NET });
  });

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/rest/v1/${path}`, remoteAddress: nextIp(NET) });
  const chatTypes = async (actorId: number) => {
    const response = await get(`live/actors/${actorId}/chat-types`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const start = (guest: SignedUp, actorId: number, type: string) =>
    t.app.inject({
      method: 'POST',
      url: '/rest/v1/live/start',
      remoteAddress: nextIp(NET),
      headers: { authorization: `Bearer ${guest.accessToken}` },
      payload: { actorId, type, idempotencyKey: randomUUID() },
    });
  async function richGuest() {
    const guest = await make.buildGuest({ balanceCents: 5_000 });
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    return guest;
  }
  const prices = {
    priceSingleCents: 200,
    priceSinglec2cCents: 300,
    priceVoyeurCents: 100,
    multiChatPriceCents: 150,
  };

  it('an online performer offers livechat, video call (cam2cam), live show and voyeur chat at its actor prices, to a visitor too', async () => {
    const actor = await make.buildActor({ isOnline: true, isVoyeurChatAvailable: true, ...prices });
    const answer = await chatTypes(actor.id);
    expect(answer).toEqual({
      actorId: actor.id,
      isOnline: true,
      performerInSingle: false,
      offers: [
        { type: 'livechat', pricePerMinute: { value: 8, currency: 'VXC' }, guestCamera: false },
        { type: 'video-call', pricePerMinute: { value: 12, currency: 'VXC' }, guestCamera: true },
        { type: 'live-show', pricePerMinute: { value: 6, currency: 'VXC' }, guestCamera: false },
        { type: 'voyeur-chat', pricePerMinute: { value: 4, currency: 'VXC' }, guestCamera: false },
      ],
    });
  });

  it('without isVoyeurChatAvailable no voyeur chat is offered, and a start of one is refused', async () => {
    const actor = await make.buildActor({ isOnline: true, isVoyeurChatAvailable: false, ...prices });
    const { offers } = await chatTypes(actor.id);
    expect(offers.map((o: { type: string }) => o.type)).toEqual(['livechat', 'video-call', 'live-show']);
    const refused = await start(await richGuest(), actor.id, 'voyeur-chat');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CHAT_TYPE_NOT_OFFERED');
  });

  it('while the performer is in a video call only the voyeur private chat is offered; what is offered starts', async () => {
    const actor = await make.buildActor({ isOnline: true, isVoyeurChatAvailable: true, ...prices });
    const first = await start(await richGuest(), actor.id, 'video-call');
    expect(first.statusCode).toBe(200);
    const answer = await chatTypes(actor.id);
    expect(answer.performerInSingle).toBe(true);
    expect(answer.offers).toEqual([
      { type: 'voyeur-private-chat', pricePerMinute: { value: 4, currency: 'VXC' }, guestCamera: false },
    ]);
    const livechat = await start(await richGuest(), actor.id, 'livechat');
    expect(livechat.json().error.code).toBe('PERFORMER_IN_SINGLE');
    const voyeur = await start(await richGuest(), actor.id, 'voyeur-private-chat');
    expect(voyeur.statusCode).toBe(200);
  });

  it('an offline performer offers nothing; an unknown one is 404, a bad id 400 (nothing changes)', async () => {
    const actor = await make.buildActor({ isOnline: false });
    expect(await chatTypes(actor.id)).toMatchObject({ isOnline: false, offers: [] });
    const unknown = await get('live/actors/2147483000/chat-types');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ACTOR_NOT_FOUND');
    for (const bad of ['abc', '0', '-3', '99999999999']) {
      const response = await get(`live/actors/${bad}/chat-types`);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});
