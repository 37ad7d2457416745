/**
 * A guest's live chat as its page drives it over the socket, for the media path tests
 * (live-signaling-media.test.ts, live-page-gone-janus.test.ts): the page's messages carry the guest's
 * credentials, the chat is started through `live/start`, joined, and accepted by the performer API.
 */
import { randomUUID } from 'node:crypto';
import { PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { nextIp } from './guest-helpers.ts';
import type { TestSocket } from './socket-client.ts';

/** Sends `message` from `page` as the guest's page does (access token and guest id along). */
export const sendAs =
  (guest: { id: number; accessToken: string }) =>
  (page: TestSocket, message: object): void =>
    page.send({ ...message, accessToken: guest.accessToken, guestId: String(guest.id) });

/**
 * The guest starts a livechat with `actor` (live/start), `page` joins it (requested) and the
 * performer accepts it through the performer API: the session id. The next `liveOffer` is the page's.
 */
export async function acceptedChat(
  app: FastifyInstance,
  page: TestSocket,
  guest: { id: number; accessToken: string },
  actor: { id: number },
  options: { net: string; performerSecret: string },
): Promise<string> {
  const started = await app.inject({
    method: 'POST',
    url: '/rest/v1/live/start',
    remoteAddress: nextIp(options.net),
    headers: { authorization: `Bearer ${guest.accessToken}` },
    payload: { actorId: actor.id, type: 'livechat', idempotencyKey: randomUUID() },
  });
  expect(started.statusCode).toBe(200);
  const sessionId = started.json().data.sessionId as string;
  sendAs(guest)(page, { type: 'liveJoin', sessionId });
  expect((await page.next('liveState')).status).toBe('requested');
  const accepted = await app.inject({
    method: 'POST',
    url: `/rest/v1/performer/sessions/${sessionId}/accept`,
    headers: { [PERFORMER_TOKEN_HEADER]: performerToken(options.performerSecret, actor.id) },
    payload: {},
  });
  expect(accepted.statusCode).toBe(200);
  return sessionId;
}
