/**
 * What the live module's HTTP and socket tests share (issue 16): the suite's app listening for
 * sockets, guests with money and the age check every live stream needs, the guest's REST calls, the
 * performer API as a performer, and the guest's pages (sockets closed after the suite).
 */
import { randomUUID } from 'node:crypto';
import { PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { type RecordingMedia, vp8Sdp } from './live-media-double.ts';
import { guestPage, type TestSocket } from './socket-client.ts';
import type { TestApp } from './test-app.ts';

export function liveKit(t: TestApp, options: { net: string; performerSecret: string }) {
  let make: Factories | undefined;
  let url = '';
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    make = factoriesOf(t, { net: options.net });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/socket`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });
  const factories = (): Factories => {
    if (!make) throw new Error('liveKit: the suite has not started');
    return make;
  };

  function rest(
    guest: SignedUp | null,
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method,
      url: `/rest/v1/${path}`,
      remoteAddress: nextIp(options.net),
      headers: { ...(guest ? { authorization: `Bearer ${guest.accessToken}` } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  }

  return {
    make: factories,

    /** A guest with money and (unless told otherwise) the age check every live stream needs. */
    async guestWith(balanceCents: number, ageChecked = true): Promise<SignedUp> {
      const guest = await factories().buildGuest({ balanceCents });
      if (ageChecked) {
        await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
      }
      return guest;
    },

    rest,

    start: (guest: SignedUp | null, actorId: number, type = 'livechat', key = randomUUID()) =>
      rest(guest, 'POST', 'live/start', { actorId, type, idempotencyKey: key }),

    /** A start from a country (COUNTRY_HEADER of the tests: `x-country-code`). */
    startFrom: (country: string, guest: SignedUp, actorId: number, type = 'livechat') =>
      rest(
        guest,
        'POST',
        'live/start',
        { actorId, type, idempotencyKey: randomUUID() },
        { 'x-country-code': country },
      ),

    /** The performer's call of the performer API (accept, kick, presence, ...). */
    performer: (actorId: number, path: string, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/rest/v1/performer/${path}`,
        headers: { [PERFORMER_TOKEN_HEADER]: performerToken(options.performerSecret, actorId) },
        payload,
      }),

    /** A page of the guest: its socket, with a session. */
    async pageOf(guest: SignedUp): Promise<TestSocket> {
      const socket = await guestPage(url, guest);
      sockets.push(socket);
      return socket;
    },

    send: (socket: TestSocket, guest: SignedUp, message: object) =>
      socket.send({ ...message, accessToken: guest.accessToken, guestId: String(guest.id) }),

    /**
     * The page answers the session's next offer and shows its first frame, and the media path (the
     * recording double) reports delivery: what `mediaUp` needs. Answers the offer.
     */
    async answerAndShow(page: TestSocket, guest: SignedUp, sessionId: string, media: RecordingMedia) {
      const offer = await page.next('liveOffer');
      expect(offer.sessionId).toBe(sessionId);
      const send = (message: object) =>
        page.send({ ...message, accessToken: guest.accessToken, guestId: String(guest.id) });
      send({ type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: vp8Sdp('recvonly') });
      send({ type: 'liveMediaUp', sessionId, offerId: offer.offerId });
      media.deliver(sessionId, 'up', 'guest');
      return offer;
    },

    /** A query-language call as the guest (Bearer token) or anonymous. */
    gql: (guest: SignedUp | null, query: string, variables: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: nextIp(options.net),
        headers: guest ? { authorization: `Bearer ${guest.accessToken}` } : {},
        payload: { query, variables },
      }),
  };
}
