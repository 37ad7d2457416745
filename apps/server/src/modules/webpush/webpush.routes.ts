/**
 * Web push REST routes of spec 7, mounted under `/rest/v1` (docs/decisions/0023-web-push.md).
 * `{payload}` is base64url of the JSON `{ endpoint }` (@vela/contracts/webpush-api); answers are per
 * caller (`no-store`).
 *
 * - GET  web-push/key                  anyone: { publicKey } (VAPID, the page's applicationServerKey)
 * - GET  web-push/status/{payload}     guest: { token, enabled, language }
 * - POST web-push/subscribe            guest: { endpoint, expirationTime?, keys: { p256dh, auth }, language }
 *                                      -> 201 (new for the guest) or 200 (the guest had it) { token, enabled, language }
 * - POST web-push/resubscribe/{token}  the token is the credential (the service worker has no session):
 *                                      { endpoint, expirationTime?, keys, language? } -> { token, enabled, language }
 * - POST web-push/unsubscribe/{payload} guest: -> { unsubscribed: true }
 * - POST web-push/update/{payload}     guest: { language?, enabled? } -> { token, enabled, language }
 *
 * Another guest's subscription answers 404 WEB_PUSH_SUBSCRIPTION_NOT_FOUND like a missing one. The
 * routes with a path parameter log requests at warn level only: `{token}` and the endpoint inside
 * `{payload}` are handles that stay out of the request log.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { presentSubscription } from './webpush.presenter.ts';
import {
  PayloadParamsSchema,
  ResubscribeSchema,
  SubscribeSchema,
  TokenParamsSchema,
  UpdateSchema,
} from './webpush.schema.ts';
import type { WebPushService } from './webpush.service.ts';

const BODY_LIMIT = 4 * 1024;
/** Keeps the path (a token or an endpoint) out of the info-level request log. */
const QUIET = { logLevel: 'warn' } as const;

export function webPushRoutes(deps: { auth: GuestAuth; webPush: WebPushService }): FastifyPluginAsync {
  const { auth, webPush } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);

    app.get('/web-push/key', async () => ({ success: true, data: { publicKey: await webPush.publicKey() } }));

    app.get('/web-push/status/:payload', QUIET, async (request) => {
      const guestId = await requireGuest(request);
      const { payload: endpoint } = parseInput(PayloadParamsSchema, request.params);
      return { success: true, data: presentSubscription(await webPush.status(guestId, endpoint)) };
    });

    app.post('/web-push/subscribe', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const guestId = await requireGuest(request);
      const body = parseInput(SubscribeSchema, request.body);
      const { row, created } = await webPush.subscribe(guestId, body);
      reply.code(created ? 201 : 200);
      return { success: true, data: presentSubscription(row) };
    });

    app.post('/web-push/resubscribe/:token', { ...QUIET, bodyLimit: BODY_LIMIT }, async (request) => {
      const { token } = parseInput(TokenParamsSchema, request.params);
      const body = parseInput(ResubscribeSchema, request.body);
      return { success: true, data: presentSubscription(await webPush.resubscribe(token, body)) };
    });

    app.post('/web-push/unsubscribe/:payload', { ...QUIET, bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const { payload: endpoint } = parseInput(PayloadParamsSchema, request.params);
      await webPush.unsubscribe(guestId, endpoint);
      return { success: true, data: { unsubscribed: true } };
    });

    app.post('/web-push/update/:payload', { ...QUIET, bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const { payload: endpoint } = parseInput(PayloadParamsSchema, request.params);
      const body = parseInput(UpdateSchema, request.body);
      return { success: true, data: presentSubscription(await webPush.update(guestId, endpoint, body)) };
    });
  };
}
