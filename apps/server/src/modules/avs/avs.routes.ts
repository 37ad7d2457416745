/**
 * Age verification REST routes for the logged-in guest, mounted under `/rest/v1` (spec 4):
 * `avs/status`, `avs/request` POST, and `guest/restriction` (which dialog an FSK-18 action needs).
 * Answers are per guest: `Cache-Control: no-store`, `Referrer-Policy: no-referrer`.
 * With the sandbox provider also its decision page (issue 14): `avs/sandbox` (the guest's link) and
 * `avs/sandbox/:requestId?token=` GET (the page) and POST (approve or reject), framed by the dialog.
 */
import { avsPages, avsEndpoints as e } from '@vela/contracts/guest-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AgeGate } from '../../http/age-gate.ts';
import { pageRoute, queryParam, route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { sandboxPageHeaders } from '../../http/sandbox-page.ts';
import { cspNonceOf } from '../../http/security.ts';
import type { GuestAuth } from '../guests/auth.ts';
import {
  avsDecisionPage,
  avsInvalidLinkPage,
  avsOutcomePage,
  avsPageLanguageOf,
  defaultRejectReason,
} from './avs.sandbox-page.ts';
import { type AvsService, avsSandboxPagePath } from './avs.service.ts';

const AVS_BODY_LIMIT = 4 * 1024;

export function avsRoutes(deps: {
  auth: GuestAuth;
  avs: AvsService;
  gate: AgeGate;
  /** The dialog's origin: the only one that may frame the sandbox decision page. */
  payOrigin: string;
}): FastifyPluginAsync {
  const { auth, avs, gate } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);

    route(app, e.status).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId }) => avs.status(guestId),
    });

    route(app, e.request).handle({
      authenticate: requireGuest,
      options: { bodyLimit: AVS_BODY_LIMIT },
      handler: async ({ body, auth: guestId, request }) => {
        const state = await avs.submit(guestId, body);
        request.log.info({ guestId, avsStatus: state.avsStatus }, 'age verification requested');
        return state;
      },
    });

    route(app, e.sandboxLink).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId }) => ({ url: await avs.sandboxLink(guestId) }),
    });

    if (avs.hasSandboxPage) {
      await app.register(async (page) => {
        // A bad link gets a page the guest can read inside the dialog's frame, not JSON.
        page.setErrorHandler((error, request, reply) => {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          const lang = avsPageLanguageOf(queryParam(request, 'lang'), request.headers['accept-language']);
          sandboxPageHeaders(request, reply, deps.payOrigin);
          return reply.code(error.statusCode).send(avsInvalidLinkPage(lang));
        });
        page.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string', bodyLimit: AVS_BODY_LIMIT },
          (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
        );
        pageRoute(page, avsPages.decision, async ({ params: { requestId }, query, request, reply }) => {
          const row = await avs.sandboxRequest(requestId, query.token);
          const lang = avsPageLanguageOf(query.lang, request.headers['accept-language']);
          sandboxPageHeaders(request, reply, deps.payOrigin);
          if (row.status !== 'pending') {
            return avsOutcomePage({
              lang,
              outcome: 'decided',
              nonce: cspNonceOf(request),
              payOrigin: deps.payOrigin,
            });
          }
          return avsDecisionPage({
            lang,
            token: query.token,
            fullName: row.fullName,
            birthDate: row.birthDate,
            documentType: row.documentType,
            documentLast4: row.documentLast4,
            action: avsSandboxPagePath(row.id),
          });
        });
        pageRoute(page, avsPages.decide, async ({ params: { requestId }, body: form, request, reply }) => {
          const row = await avs.sandboxRequest(requestId, form.token);
          const lang = avsPageLanguageOf(form.lang, request.headers['accept-language']);
          let outcome: 'approved' | 'rejected' | 'decided' = 'decided';
          if (row.status === 'pending') {
            try {
              await avs.decide(
                row.id,
                form.decision === 'accept'
                  ? { decision: 'accept' }
                  : { decision: 'reject', message: form.message?.trim() || defaultRejectReason(lang) },
              );
              outcome = form.decision === 'accept' ? 'approved' : 'rejected';
            } catch (error) {
              // Decided meanwhile (the operator, another tab): say so, as for a decided request.
              if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
            }
          }
          request.log.info(
            { requestId: row.id, guestId: row.guestId, outcome },
            'sandbox age verification decided',
          );
          sandboxPageHeaders(request, reply, deps.payOrigin);
          return avsOutcomePage({ lang, outcome, nonce: cspNonceOf(request), payOrigin: deps.payOrigin });
        });
      });
    }

    // Visitors may ask too: the answer (need-login) is what opens the login dialog.
    route(app, e.restriction).handle({
      handler: async ({ query: { ageRating }, request }) => {
        const context = await auth.authenticate(request);
        return { reason: await gate.reasonFor(context?.guestId ?? null, ageRating) };
      },
    });
  };
}
