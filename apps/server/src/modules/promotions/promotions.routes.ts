/**
 * Guest REST routes of vouchers, bonus codes and item purchases, mounted under `/rest/v1` (spec 7).
 * Always the caller's own data (requireGuest); answers are per guest (`no-store`).
 *
 * - GET  guest/vouchers?actorId=               Guest.vouchers + counts by type (spec 9)
 * - GET  guest/purchases                       own bought items
 * - GET  guest/benefits                        vouchers and bonus rewards with spec 3 type names
 * - GET  guest/remainingBonusCodes             on-top codes still waiting for a top-up
 * - POST album/:albumId/buy, video/:videoId/buy {idempotencyKey}; 403 ACTOR_BLOCKED_IN_COUNTRY for
 *   a performer banned in the caller's country (nothing charged)
 * - GET  bonuscode/check/:code                 spec 5: success + reason, canRedeem (rate-limited)
 * - POST guest/redeemBonus {code}              spec 7 (rate-limited per guest and per IP, 429 + Retry-After)
 * - GET  promo/hasGuestNotRedeemedOnTopCodeInstance/:promoCode
 */
import { promotionsEndpoints } from '@vela/contracts/promotions-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf } from '../../infra/country.ts';
import { retryAfterOnRateLimit } from '../../infra/rate-limit.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { presentPurchase } from './promotions.presenter.ts';
import type { PromotionsService } from './promotions.service.ts';

const BODY_LIMIT = 4 * 1024;

export function promotionsRoutes(deps: {
  auth: GuestAuth;
  promotions: PromotionsService;
  /** The edge header naming the caller's country (config COUNTRY_HEADER; decision 0018). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, promotions, countryHeader } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);
    retryAfterOnRateLimit(app);

    const e = promotionsEndpoints;
    const guest = { authenticate: requireGuest };
    const withBody = { authenticate: requireGuest, options: { bodyLimit: BODY_LIMIT } };

    route(app, e.vouchers).handle({
      ...guest,
      handler: async ({ query, auth: guestId }) => promotions.vouchers(guestId, query.actorId),
    });

    route(app, e.purchases).handle({
      ...guest,
      handler: async ({ auth: guestId }) => ({ purchases: await promotions.purchasesOf(guestId) }),
    });

    route(app, e.benefits).handle({
      ...guest,
      handler: async ({ auth: guestId }) => ({ benefits: await promotions.benefits(guestId) }),
    });

    route(app, e.remainingBonusCodes).handle({
      ...guest,
      handler: async ({ auth: guestId }) => ({ codes: await promotions.remainingCodes(guestId) }),
    });

    for (const [itemType, endpoint] of [
      ['album', e.buyAlbum],
      ['video', e.buyVideo],
    ] as const) {
      route(app, endpoint).handle({
        ...withBody,
        handler: async ({ params: { id }, body: { idempotencyKey }, auth: guestId, request }) => {
          const country = countryOf(request.headers, countryHeader);
          const result = await promotions.buy(guestId, itemType, id, idempotencyKey, country);
          return {
            success: true,
            alreadyBought: result.alreadyBought,
            purchase: presentPurchase(result.purchase),
            ...(await promotions.balanceFields(guestId)),
          };
        },
      });
    }

    route(app, e.checkBonusCode).handle({
      ...guest,
      handler: async ({ params: { code }, auth: guestId, request }) => {
        await promotions.limitAttempt(guestId, request.ip);
        return promotions.check(guestId, code);
      },
    });

    route(app, e.redeemBonus).handle({
      ...withBody,
      handler: async ({ body: { code }, auth: guestId, request }) => {
        await promotions.limitAttempt(guestId, request.ip);
        return promotions.redeem(guestId, code);
      },
    });

    route(app, e.hasPendingOnTopCode).handle({
      ...guest,
      handler: async ({ params: { promoCode }, auth: guestId }) =>
        promotions.hasPendingOnTop(guestId, promoCode),
    });
  };
}
