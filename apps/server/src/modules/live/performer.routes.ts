/**
 * The performer API under `/rest/v1/performer/` (issue 16, decision 0038 part 7; docs/PERFORMER-API.md),
 * registered from `performerEndpoints` (decision 0032). It exists only with PERFORMER_API_SECRET.
 *
 * Who is asking: the header `X-Performer-Token: <actorId>.<signature>`, the signature being
 * base64url(HMAC-SHA256(PERFORMER_API_SECRET, "vela-performer:<actorId>")) — one token per performer,
 * made by the operator from the deployment's secret (`performerToken`). Not the guest session and not
 * the operator guard. No header: 401 UNAUTHORIZED; a malformed or wrong token: 403 FORBIDDEN (compared
 * in constant time over SHA-256 digests, so not even the length leaks). The token's actor is the only
 * one the call acts as; its chats are checked against it by the desk (another's session is 404).
 *
 * Handlers are thin: authenticate, the declared input, then the desk (live.performer.ts).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { performerEndpoints as e, PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { queryParam, route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { PerformerDeskService } from './live.performer.ts';
import { type LiveMedia, LiveMediaError } from './media/live-media.ts';
import { BROADCAST_SCRIPT, broadcastLanguage, broadcastPage } from './performer.broadcast.ts';

/** The token of one performer under the deployment's secret (the operator hands it to the performer). */
export function performerToken(secret: string, actorId: number): string {
  const signature = createHmac('sha256', secret)
    .update(`vela-performer:${actorId}`, 'utf8')
    .digest('base64url');
  return `${actorId}.${signature}`;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const ACTOR_ID = /^[1-9]\d{0,9}$/;

/** Who calls: the actor id of a valid token; throws 401 without one, 403 for a wrong one. */
export function createPerformerAuth(secret: string) {
  return (request: FastifyRequest): number => {
    const header = request.headers[PERFORMER_TOKEN_HEADER];
    if (header === undefined || header === '')
      throw new AppError('UNAUTHORIZED', 'The X-Performer-Token header is required', 401);
    const given = Array.isArray(header) ? '' : header;
    const id = given.split('.', 1)[0] ?? '';
    const actorId = ACTOR_ID.test(id) ? Number(id) : 0;
    const expected = actorId > 0 && actorId <= 2 ** 31 - 1 ? performerToken(secret, actorId) : '';
    // Always one comparison of equal-length digests, also for a malformed token.
    const ok = timingSafeEqual(digest(given), digest(expected)) && expected !== '';
    if (!ok) {
      request.log.warn({ ip: request.ip }, 'performer api call refused');
      throw new AppError('FORBIDDEN', 'Not a valid performer token', 403);
    }
    return actorId;
  };
}

/** Long polls end when the caller goes away. */
function abortOnClose(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.once('close', () => controller.abort());
  return controller.signal;
}

/**
 * A refusal of the media path as the performer's 4xx / 503 (a bad SDP; no guest camera or open offer
 * yet; no room), else the error itself.
 */
function mediaRefusal(error: unknown): unknown {
  if (!(error instanceof LiveMediaError)) return error;
  if (error.code === 'LIVE_BAD_SDP') return new AppError('INVALID_SDP', error.message, 400);
  if (error.code === 'LIVE_NO_VIEWER' || error.code === 'LIVE_NO_SOURCE')
    return new AppError('CONFLICT', error.message, 409);
  return new AppError('SERVICE_UNAVAILABLE', error.message, 503);
}

/** Runs a media call, its refusals as 4xx / 503. */
async function withMedia<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw mediaRefusal(error);
  }
}

export function performerRoutes(deps: {
  desk: PerformerDeskService;
  secret: string;
  /** The media path: with one, the broadcast page and its call exist. */
  media?: Pick<LiveMedia, 'publishPerformer' | 'subscribePerformerToGuest' | 'acceptPerformerAnswer'>;
}): FastifyPluginAsync {
  const { desk } = deps;
  const who = createPerformerAuth(deps.secret);
  const authenticate = (request: FastifyRequest) => {
    const actorId = who(request);
    desk.clientSeen(actorId);
    return actorId;
  };
  const options = { bodyLimit: 4 * 1024 };

  return async (app) => {
    privateResponses(app);

    route(app, e.presence).handle({
      authenticate,
      options,
      handler: async ({ auth: actorId, body: { online }, request }) => {
        const result = await desk.setOnline(actorId, online);
        if (!result) throw new AppError('NOT_FOUND', 'No such performer', 404);
        request.log.info(
          { performer: { actorId, online, chatsEnded: result.chatsEnded } },
          'performer presence',
        );
        return result;
      },
    });

    route(app, e.inbox).handle({
      authenticate,
      handler: ({ auth: actorId, query, request }) =>
        desk.inbox(actorId, query.after, query.waitMs, abortOnClose(request)),
    });

    // The session actions without a body: each one of the desk's, for the token's performer.
    const actions = [
      [e.accept, desk.accept],
      [e.decline, desk.decline],
      [e.kick, desk.kick],
      [e.stopSend, desk.stopSend],
    ] as const;
    for (const [endpoint, action] of actions) {
      route(app, endpoint).handle({
        authenticate,
        options,
        handler: ({ auth, params }) => action(auth, params.sessionId),
      });
    }
    const media = deps.media;
    if (media) {
      route(app, e.broadcast).handle({
        authenticate,
        options: { bodyLimit: 64 * 1024 },
        handler: async ({ auth: actorId, body, request }) => {
          const answer = await withMedia(() => media.publishPerformer(actorId, body.sdp));
          request.log.info({ performer: { actorId } }, 'performer broadcasts');
          return answer;
        },
      });
      // Cam2cam: the guest's camera of the performer's own starting or running session.
      route(app, e.guestCamera).handle({
        authenticate,
        options,
        handler: async ({ auth, params: { sessionId } }) => {
          await desk.mediaSession(auth, sessionId);
          return withMedia(() => media.subscribePerformerToGuest(sessionId));
        },
      });
      route(app, e.guestCameraAnswer).handle({
        authenticate,
        options: { bodyLimit: 64 * 1024 },
        handler: async ({ auth, params: { sessionId }, body }) => {
          await desk.mediaSession(auth, sessionId);
          await withMedia(() => media.acceptPerformerAnswer(sessionId, body.sdp));
          return { sessionId };
        },
      });
      // The page and its script: no data, no token needed to load them (the call above needs it).
      app.get('/performer/broadcast', async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send(broadcastPage(broadcastLanguage(queryParam(request, 'lang')))),
      );
      app.get('/performer/broadcast.js', async (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').send(BROADCAST_SCRIPT),
      );
    }

    route(app, e.message).handle({
      authenticate,
      options,
      handler: ({ auth, params, body }) => desk.message(auth, params.sessionId, body.text),
    });
  };
}
