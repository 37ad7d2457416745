/**
 * Subscription REST routes of the logged-in guest under /rest/v1 (shapes and list in
 * @vela/contracts/subscriptions-api), and the operator route under /rest/v1/internal.
 * Pipeline: authenticate -> validate -> service -> present. Always the caller's own subscriptions.
 */
import { STATUS_BAR_COOKIE, subscriptionsEndpoints } from '@vela/contracts/subscriptions-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const BODY_LIMIT = 4 * 1024;
/** The status bar (spec 8) shows the accepted offer once; the page removes the cookie. */
const STATUS_BAR_MAX_AGE_S = 24 * 60 * 60;

export function subscriptionRoutes(deps: {
  auth: GuestAuth;
  service: SubscriptionsService;
  secureCookies: boolean;
}): FastifyPluginAsync {
  const { auth, service } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);

    const e = subscriptionsEndpoints;
    const guest = { authenticate: requireGuest };
    const withBody = { authenticate: requireGuest, options: { bodyLimit: BODY_LIMIT } };

    route(app, e.state).handle({ ...guest, handler: async ({ auth: guestId }) => service.state(guestId) });

    route(app, e.subscribe).handle({
      ...withBody,
      handler: async ({ body, auth: guestId }) => service.subscribe(guestId, body),
    });

    route(app, e.cancel).handle({
      ...withBody,
      handler: async ({ body: { product }, auth: guestId }) => service.cancel(guestId, product),
    });

    route(app, e.resume).handle({
      ...withBody,
      handler: async ({ body: { product }, auth: guestId }) => service.resume(guestId, product),
    });

    // Spec 7 (guest_id, platform_text); spec 8: accepted -> status-bar cookie, not accepted -> an error.
    route(app, e.acceptCancellationOffer).handle({
      ...withBody,
      handler: async ({ body, auth: guestId, request, reply }) => {
        if (body.guest_id !== String(guestId)) {
          throw new AppError('FORBIDDEN', 'guest_id is not the calling guest', 403);
        }
        const subscription = await service.acceptCancellationOffer(guestId, body.product);
        request.log.info(
          { guestId, product: subscription.product, platform: body.platform_text ?? null },
          'cancellation offer accepted',
        );
        reply.header(
          'set-cookie',
          `${STATUS_BAR_COOKIE}=cancellation-offer-accepted; Path=/; Max-Age=${STATUS_BAR_MAX_AGE_S}; SameSite=Lax${deps.secureCookies ? '; Secure' : ''}`,
        );
        return subscription;
      },
    });

    route(app, e.vip30History).handle({
      ...guest,
      handler: async ({ auth: guestId }) => service.vip30History(guestId),
    });
  };
}

/** Operator: run the renewal job now (what the scheduled job does every SUBSCRIPTION_JOB_INTERVAL_MS). */
export function subscriptionInternalRoutes(deps: { runNow: () => Promise<unknown> }): FastifyPluginAsync {
  return async (app) => {
    app.post('/subscriptions/run-renewals', async (request) => {
      const result = await deps.runNow();
      request.log.info(
        { operator: { action: 'subscriptions.run-renewals', ip: request.ip }, result },
        'internal api: subscriptions.run-renewals',
      );
      return { success: true, data: result };
    });
  };
}
