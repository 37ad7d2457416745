/**
 * Payment REST routes under /rest/v1 (contract: @vela/contracts/payment-api). Every route but the
 * provider callback and the sandbox bank page is the logged-in guest's own (401 for visitors);
 * answers are private (no-store, no-referrer).
 */
import { endpointPath } from '@vela/contracts/endpoint';
import { paymentEndpoints, paymentPages } from '@vela/contracts/payment-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { pageRoute, queryParam, route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { sandboxPageHeaders } from '../../http/sandbox-page.ts';
import { cspNonceOf } from '../../http/security.ts';
import { retryAfterOnRateLimit } from '../../infra/rate-limit.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { SIGNATURE_HEADER } from './payments.callbacks.ts';
import { bankLanguageOf, challengePage, invalidLinkPage, outcomePage } from './payments.sandbox-page.ts';
import type { PaymentsService } from './payments.service.ts';

const BODY_LIMIT = 8 * 1024;

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
    retryAfterOnRateLimit(app);

    const guest = { authenticate: requireGuest, options: { bodyLimit: BODY_LIMIT } };
    const e = paymentEndpoints;

    route(app, e.createCharge).handle({
      ...guest,
      handler: async ({ body, auth: guestId, request }) => {
        const charge = await service.createCharge(guestId, body);
        request.log.info({ guestId, charge: charge.id, flow: charge.flow, status: charge.status }, 'charge');
        return { charge };
      },
    });

    route(app, e.charges).handle({
      ...guest,
      handler: async ({ auth: guestId }) => ({ charges: await service.charges(guestId) }),
    });

    route(app, e.charge).handle({
      ...guest,
      handler: async ({ params: { id }, auth: guestId }) => ({ charge: await service.charge(guestId, id) }),
    });

    route(app, e.confirmCharge).handle({
      ...guest,
      handler: async ({ params: { id }, body: { code }, auth: guestId }) => ({
        charge: await service.confirm(guestId, id, code),
      }),
    });

    route(app, e.methods).handle({
      ...guest,
      handler: async ({ auth: guestId }) => ({ methods: await service.methods(guestId) }),
    });

    route(app, e.changeMethod).handle({
      ...guest,
      handler: async ({ body, auth: guestId, request }) => {
        const method = await service.changeMethod(guestId, body);
        request.log.info({ guestId, paytype: method.paytype }, 'payment method changed');
        return { method };
      },
    });

    route(app, e.settings).handle({
      ...guest,
      handler: async ({ auth: guestId }) => service.settings(guestId),
    });

    route(app, e.updateSettings).handle({
      ...guest,
      handler: async ({ body, auth: guestId }) => service.updateSettings(guestId, body),
    });

    // Spec 7: guest/autoRechargeTeaserState POST (mode).
    route(app, e.autoRechargeTeaserState).handle({
      ...guest,
      handler: async ({ body: { mode }, auth: guestId }) => {
        await service.setTeaserMode(guestId, mode);
        return { mode };
      },
    });

    // Visitors get a config that cannot one-click (spec 6: one-click is for logged-in guests).
    route(app, e.canOneClick).handle({
      authenticate: (request) => auth.authenticate(request),
      handler: async ({ auth: context }) => service.oneClickConfig(context?.guestId ?? null),
    });

    route(app, e.chargeOneClick).handle({
      ...guest,
      handler: async ({ body, auth: guestId, request }) => {
        const charge = await service.chargeOneClick(guestId, body);
        request.log.info({ guestId, charge: charge.id, status: charge.status }, 'one-click charge');
        return { charge };
      },
    });

    // The provider's callbacks: the signature covers the raw body, so this route keeps it as text.
    await app.register(async (callbacks) => {
      callbacks.removeContentTypeParser(['application/json']);
      callbacks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      callbacks.post(`/${paymentEndpoints.callback.path}`, { bodyLimit: 16 * 1024 }, async (request) => {
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
        const lang = bankLanguageOf(queryParam(request, 'lang'), request.headers['accept-language']);
        sandboxPageHeaders(request, reply, deps.payOrigin);
        return reply.code(error.statusCode).send(invalidLinkPage(lang));
      });
      bank.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 2048 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      pageRoute(bank, paymentPages.challenge, async ({ params: { id }, query, request, reply }) => {
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
          action: `/rest/v1/${endpointPath(paymentPages.answerChallenge, { params: { id: row.publicId } })}`,
        });
      });
      pageRoute(
        bank,
        paymentPages.answerChallenge,
        async ({ params: { id }, body: form, request, reply }) => {
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
        },
      );
    });
  };
}

/** Operator routes under /rest/v1/internal (guarded there): a guest's charges. */
export function paymentInternalRoutes(deps: { service: PaymentsService }): FastifyPluginAsync {
  return async (app) => {
    route(app, paymentEndpoints.operatorCharges, 'internal/').handle({
      handler: async ({ query }) => ({ charges: await deps.service.charges(query.guestId, 100) }),
    });
  };
}
