/**
 * Payment REST routes under /rest/v1 (contract: @vela/contracts/payment-api). Every route but the
 * provider callback and the sandbox bank page is the logged-in guest's own (401 for visitors);
 * answers are private (no-store, no-referrer).
 */
import { LanguageSchema } from '@vela/contracts/common';
import {
  AutoRechargeTeaserStateRequestSchema,
  ChangeMethodRequestSchema,
  ChargeOneClickRequestSchema,
  ChargeRequestSchema,
  ConfirmChargeRequestSchema,
  PaymentSettingsUpdateSchema,
} from '@vela/contracts/payment-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { sandboxPageHeaders } from '../../http/sandbox-page.ts';
import { cspNonceOf } from '../../http/security.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { RateLimitedError } from '../guests/rate-limit.ts';
import { SIGNATURE_HEADER } from './payments.callbacks.ts';
import { bankLanguageOf, challengePage, invalidLinkPage, outcomePage } from './payments.sandbox-page.ts';
import type { PaymentsService } from './payments.service.ts';

const BODY_LIMIT = 8 * 1024;
const ChargeIdParams = z.object({ id: z.string().min(1).max(100) });
const ChallengeQuerySchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/),
  lang: LanguageSchema.optional(),
});
const ChallengeFormSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/),
  decision: z.enum(['approve', 'decline']),
  lang: LanguageSchema.optional(),
});

export interface PaymentRoutesDeps {
  auth: GuestAuth;
  service: PaymentsService;
  /** Verifies and applies a provider callback (the raw body is what was signed). */
  receiveCallback: (rawBody: string, signature: string | undefined) => Promise<string>;
  publicOrigin: string;
  payOrigin: string;
}

export function paymentRoutes(deps: PaymentRoutesDeps): FastifyPluginAsync {
  const { auth, service } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    });

    app.post('/payment/charges', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const body = parseInput(ChargeRequestSchema, request.body);
      const charge = await service.createCharge(guestId, body);
      request.log.info({ guestId, charge: charge.id, flow: charge.flow, status: charge.status }, 'charge');
      return { success: true, data: { charge } };
    });

    app.get('/payment/charges', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: { charges: await service.charges(guestId) } };
    });

    app.get('/payment/charges/:id', async (request) => {
      const guestId = await requireGuest(request);
      const { id } = parseInput(ChargeIdParams, request.params);
      return { success: true, data: { charge: await service.charge(guestId, id) } };
    });

    app.post('/payment/charges/:id/confirm', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const { id } = parseInput(ChargeIdParams, request.params);
      const { code } = parseInput(ConfirmChargeRequestSchema, request.body);
      return { success: true, data: { charge: await service.confirm(guestId, id, code) } };
    });

    app.get('/payment/methods', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: { methods: await service.methods(guestId) } };
    });

    app.post('/payment/methods', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const body = parseInput(ChangeMethodRequestSchema, request.body);
      const method = await service.changeMethod(guestId, body);
      request.log.info({ guestId, paytype: method.paytype }, 'payment method changed');
      return { success: true, data: { method } };
    });

    app.get('/payment/settings', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: await service.settings(guestId) };
    });

    app.post('/payment/settings', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const body = parseInput(PaymentSettingsUpdateSchema, request.body);
      return { success: true, data: await service.updateSettings(guestId, body) };
    });

    // Spec 7: guest/autoRechargeTeaserState POST (mode).
    app.post('/guest/autoRechargeTeaserState', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const { mode } = parseInput(AutoRechargeTeaserStateRequestSchema, request.body);
      await service.setTeaserMode(guestId, mode);
      return { success: true, data: { mode } };
    });

    // Visitors get a config that cannot one-click (spec 6: one-click is for logged-in guests).
    app.get('/payment/canOneClick', async (request) => {
      const context = await auth.authenticate(request);
      return { success: true, data: await service.oneClickConfig(context?.guestId ?? null) };
    });

    app.post('/payment/chargeOneClick', { bodyLimit: BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const body = parseInput(ChargeOneClickRequestSchema, request.body);
      const charge = await service.chargeOneClick(guestId, body);
      request.log.info({ guestId, charge: charge.id, status: charge.status }, 'one-click charge');
      return { success: true, data: { charge } };
    });

    // The provider's callbacks: the signature covers the raw body, so this route keeps it as text.
    await app.register(async (callbacks) => {
      callbacks.removeContentTypeParser(['application/json']);
      callbacks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      callbacks.post('/payment/callback', { bodyLimit: 16 * 1024 }, async (request) => {
        if (typeof request.body !== 'string') {
          throw new AppError('VALIDATION_ERROR', 'A callback is a JSON body', 400);
        }
        const header = request.headers[SIGNATURE_HEADER];
        const outcome = await deps.receiveCallback(
          request.body,
          typeof header === 'string' ? header : undefined,
        );
        request.log.info({ outcome }, 'payment callback');
        return { success: true, data: { received: true, outcome } };
      });
    });

    // The sandbox bank's 3-D Secure page (a link with a signed token; no session needed).
    await app.register(async (bank) => {
      // A bad link gets a page the guest can read inside the dialog's frame, not JSON.
      bank.setErrorHandler((error, request, reply) => {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const query = request.query as Record<string, unknown> | undefined;
        const lang = bankLanguageOf(query?.lang, request.headers['accept-language']);
        sandboxPageHeaders(request, reply, deps.payOrigin);
        return reply.code(error.statusCode).send(invalidLinkPage(lang));
      });
      bank.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 2048 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      bank.get('/payment/sandbox/3ds/:id', async (request, reply) => {
        const { id } = parseInput(ChargeIdParams, request.params);
        const query = parseInput(ChallengeQuerySchema, request.query);
        const row = await service.challenge(id, query.token);
        const lang = bankLanguageOf(query.lang, request.headers['accept-language']);
        sandboxPageHeaders(request, reply, deps.payOrigin);
        if (row.status !== 'requires_action') {
          return outcomePage({
            lang,
            chargeId: row.publicId,
            status: row.status,
            outcome: 'decided',
            nonce: cspNonceOf(request),
            payOrigin: deps.payOrigin,
          });
        }
        return challengePage({
          chargeId: row.publicId,
          token: query.token,
          amountCents: row.amountCents,
          lang,
          action: `/rest/v1/payment/sandbox/3ds/${encodeURIComponent(row.publicId)}`,
        });
      });
      bank.post('/payment/sandbox/3ds/:id', async (request, reply) => {
        const { id } = parseInput(ChargeIdParams, request.params);
        const form = parseInput(ChallengeFormSchema, request.body);
        const row = await service.challenge(id, form.token);
        const lang = bankLanguageOf(form.lang, request.headers['accept-language']);
        const open = row.status === 'requires_action';
        const after = await service.answerChallenge(row, form.decision === 'approve');
        sandboxPageHeaders(request, reply, deps.payOrigin);
        return outcomePage({
          lang,
          chargeId: after.publicId,
          status: after.status,
          outcome: !open ? 'decided' : form.decision === 'approve' ? 'approved' : 'declined',
          nonce: cspNonceOf(request),
          payOrigin: deps.payOrigin,
        });
      });
    });
  };
}

/** Operator routes under /rest/v1/internal (guarded there): a guest's charges. */
export function paymentInternalRoutes(deps: { service: PaymentsService }): FastifyPluginAsync {
  const Query = z.object({ guestId: z.coerce.number().int().positive() });
  return async (app) => {
    app.get('/payments/charges', async (request) => {
      const { guestId } = parseInput(Query, request.query);
      return { success: true, data: { charges: await deps.service.charges(guestId, 100) } };
    });
  };
}
