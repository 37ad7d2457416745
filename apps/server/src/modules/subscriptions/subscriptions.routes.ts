/**
 * Subscription REST routes of the logged-in guest under /rest/v1 (shapes and list in
 * @vela/contracts/subscriptions-api), and the operator route under /rest/v1/internal.
 * Pipeline: authenticate -> validate -> service -> present. Always the caller's own subscriptions.
 */
import {
  AcceptCancellationOfferRequestSchema,
  ProductRequestSchema,
  STATUS_BAR_COOKIE,
  SubscribeRequestSchema,
} from '@vela/contracts/subscriptions-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
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

    app.get('/subscriptions', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: await service.state(guestId) };
    });

    app.post('/subscriptions/subscribe', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const body = parseInput(SubscribeRequestSchema, request.body);
      return { success: true, data: await service.subscribe(guestId, body) };
    });

    app.post('/subscriptions/cancel', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const { product } = parseInput(ProductRequestSchema, request.body);
      return { success: true, data: await service.cancel(guestId, product) };
    });

    app.post('/subscriptions/resume', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const { product } = parseInput(ProductRequestSchema, request.body);
      return { success: true, data: await service.resume(guestId, product) };
    });

    // Spec 7 (guest_id, platform_text); spec 8: accepted -> status-bar cookie, not accepted -> an error.
    app.post('/guest/acceptCancellationOffer', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const guestId = await requireGuest(request);
      const body = parseInput(AcceptCancellationOfferRequestSchema, request.body);
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
      return { success: true, data: subscription };
    });

    app.get('/subscriptions/vip30History', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: await service.vip30History(guestId) };
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
