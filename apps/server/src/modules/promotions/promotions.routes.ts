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
import {
  BuyRequestSchema,
  GuestVouchersQuerySchema,
  ItemIdParamsSchema,
  RedeemBonusRequestSchema,
} from '@vela/contracts/promotions-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf } from '../../infra/country.ts';
import { RateLimitedError } from '../../infra/rate-limit.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { presentPurchase } from './promotions.presenter.ts';
import type { PromotionsService } from './promotions.service.ts';

const CodeParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });
const PromoCodeParamsSchema = z.object({ promoCode: z.string().trim().min(1).max(64) });
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
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    });

    app.get('/guest/vouchers', async (request) => {
      const guestId = await requireGuest(request);
      const query = parseInput(GuestVouchersQuerySchema, request.query);
      return { success: true, data: await promotions.vouchers(guestId, query.actorId) };
    });

    app.get('/guest/purchases', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: { purchases: await promotions.purchasesOf(guestId) } };
    });

    app.get('/guest/benefits', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: { benefits: await promotions.benefits(guestId) } };
    });

    app.get('/guest/remainingBonusCodes', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: { codes: await promotions.remainingCodes(guestId) } };
    });

    for (const itemType of ['album', 'video'] as const) {
      app.post(`/${itemType}/:id/buy`, { bodyLimit: BODY_LIMIT }, async (request) => {
        const guestId = await requireGuest(request);
        const { id } = parseInput(ItemIdParamsSchema, request.params);
        const { idempotencyKey } = parseInput(BuyRequestSchema, request.body);
        const country = countryOf(request.headers, countryHeader);
        const result = await promotions.buy(guestId, itemType, id, idempotencyKey, country);
        return {
          success: true,
          data: {
            success: true,
            alreadyBought: result.alreadyBought,
            purchase: presentPurchase(result.purchase),
            ...(await promotions.balanceFields(guestId)),
          },
        };
      });
    }

    app.get('/bonuscode/check/:code', async (request) => {
      const guestId = await requireGuest(request);
      const { code } = parseInput(CodeParamsSchema, request.params);
      await promotions.limitAttempt(guestId, request.ip);
      return { success: true, data: await promotions.check(guestId, code) };
    });

    app.post('/guest/redeemBonus', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const { code } = parseInput(RedeemBonusRequestSchema, request.body);
      await promotions.limitAttempt(guestId, request.ip);
      return { success: true, data: await promotions.redeem(guestId, code) };
    });

    app.get('/promo/hasGuestNotRedeemedOnTopCodeInstance/:promoCode', async (request) => {
      const guestId = await requireGuest(request);
      const { promoCode } = parseInput(PromoCodeParamsSchema, request.params);
      return { success: true, data: await promotions.hasPendingOnTop(guestId, promoCode) };
    });
  };
}
