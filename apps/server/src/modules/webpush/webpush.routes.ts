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
import { webPushEndpoints as e } from '@vela/contracts/webpush-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { presentSubscription } from './webpush.presenter.ts';
import { ResubscribeSchema, SubscribeSchema } from './webpush.schema.ts';
import type { WebPushService } from './webpush.service.ts';

const BODY_LIMIT = 4 * 1024;
/** Keeps the path (a token or an endpoint) out of the info-level request log. */
const QUIET = { logLevel: 'warn' } as const;

export function webPushRoutes(deps: { auth: GuestAuth; webPush: WebPushService }): FastifyPluginAsync {
  const { auth, webPush } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);

    route(app, e.key).handle({ handler: async () => ({ publicKey: await webPush.publicKey() }) });

    route(app, e.status).handle({
      authenticate: requireGuest,
      options: QUIET,
      handler: async ({ params: { payload: endpoint }, auth: guestId }) =>
        presentSubscription(await webPush.status(guestId, endpoint)),
    });

    route(app, e.subscribe).handle({
      authenticate: requireGuest,
      refine: { body: SubscribeSchema },
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ body, auth: guestId, reply }) => {
        const { row, created } = await webPush.subscribe(guestId, body);
        reply.code(created ? 201 : 200);
        return presentSubscription(row);
      },
    });

    route(app, e.resubscribe).handle({
      refine: { body: ResubscribeSchema },
      options: { ...QUIET, bodyLimit: BODY_LIMIT },
      handler: async ({ params: { token }, body }) =>
        presentSubscription(await webPush.resubscribe(token, body)),
    });

    route(app, e.unsubscribe).handle({
      authenticate: requireGuest,
      options: { ...QUIET, bodyLimit: BODY_LIMIT },
      handler: async ({ params: { payload: endpoint }, auth: guestId }) => {
        await webPush.unsubscribe(guestId, endpoint);
        return { unsubscribed: true };
      },
    });

    route(app, e.update).handle({
      authenticate: requireGuest,
      options: { ...QUIET, bodyLimit: BODY_LIMIT },
      handler: async ({ params: { payload: endpoint }, body, auth: guestId }) =>
        presentSubscription(await webPush.update(guestId, endpoint, body)),
    });
  };
}
