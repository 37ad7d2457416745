/**
 * The internal (operator) API, mounted under `/rest/v1/internal` only when INTERNAL_API_TOKEN is set
 * (otherwise every path there is an unknown route, 404). Every path, known or not, passes the guard
 * first (allow-listed IP + X-Internal-Token), so an outsider cannot even probe which paths exist.
 * Every call is logged (action, ids, outcome; never the token).
 *
 * - GET  avs/requests?status=pending&limit=50   the operator's queue
 * - POST avs/requests/:id/decision              accept, or reject with a message (pending only)
 * - POST avs/guests/:guestId/revoke {reason?}   accepted -> unknown
 * - POST guests/:guestId/lock {locked}          a locked guest is logged out everywhere
 * - POST cache/clear                            every node forgets the answers it keeps for
 *                                               visitors (video listings, search), bus `catalog`
 * - POST counters/regenerate                     the precomputed lists (trending videos, best
 *                                               chats) recomputed now, each by a run that starts
 *                                               after the call, then cache/clear; answers each
 *                                               list's window and size
 *
 * Registered from `operatorEndpoints` (decision 0032).
 */
import { operatorEndpoints as e } from '@vela/contracts/operator-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { createInternalAuth, type InternalAuthOptions } from '../../http/internal-auth.ts';
import { privateResponses } from '../../http/private.ts';
import type { AvsService } from '../avs/avs.service.ts';
import type { InternalService } from './internal.service.ts';

const INTERNAL_BODY_LIMIT = 16 * 1024;

export function internalRoutes(
  deps: InternalAuthOptions & {
    avs: AvsService;
    internal: InternalService;
    /** The operator routes of other modules (feature-module.ts), behind the same guard. */
    modules?: FastifyPluginAsync[];
    /** The modules' "regenerate counters" (feature-module.ts). */
    counters?: (() => Promise<Record<string, unknown>>)[];
  },
): FastifyPluginAsync {
  const guard = createInternalAuth(deps);
  const { avs, internal } = deps;
  const operatorLog = (request: FastifyRequest, action: string, details: Record<string, unknown>) =>
    request.log.info({ operator: { action, ip: request.ip, ...details } }, `internal api: ${action}`);

  return async (app) => {
    app.addHook('onRequest', guard);
    privateResponses(app);

    const options = { bodyLimit: INTERNAL_BODY_LIMIT };
    const under = 'internal/';

    route(app, e.avsRequests, under).handle({
      handler: async ({ query, request }) => {
        const requests = await avs.requests(query.status, query.limit);
        operatorLog(request, 'avs.list', { status: query.status, count: requests.length });
        return { requests };
      },
    });

    route(app, e.avsDecision, under).handle({
      options,
      handler: async ({ params: { id }, body: decision, request }) => {
        const result = await avs.decide(Number(id), decision);
        operatorLog(request, 'avs.decision', {
          requestId: id,
          guestId: result.guestId,
          decision: decision.decision,
        });
        return { requestId: id, guestId: String(result.guestId), ...result.state };
      },
    });

    route(app, e.avsRevoke, under).handle({
      options,
      handler: async ({ params: { guestId }, body, request }) => {
        const state = await avs.revoke(Number(guestId), body.reason ?? null);
        operatorLog(request, 'avs.revoke', { guestId, withReason: body.reason !== undefined });
        return { guestId, ...state };
      },
    });

    route(app, e.lockGuest, under).handle({
      options,
      handler: async ({ params: { guestId }, body: { locked }, request }) => {
        const result = await internal.setLocked(Number(guestId), locked);
        operatorLog(request, locked ? 'guest.lock' : 'guest.unlock', {
          guestId,
          sessionsEnded: result.sessionsEnded,
        });
        return { guestId, ...result };
      },
    });

    route(app, e.clearCache, under).handle({
      handler: async ({ request }) => {
        const published = await internal.clearCaches();
        operatorLog(request, 'cache.clear', { published });
        return { cleared: true, published };
      },
    });

    route(app, e.regenerateCounters, under).handle({
      handler: async ({ request }) => {
        const results = await Promise.all((deps.counters ?? []).map((regenerate) => regenerate()));
        const data: Record<string, unknown> = Object.assign({}, ...results);
        // The kept pages were cut from the old lists: every node forgets them.
        await internal.clearCaches();
        operatorLog(request, 'counters.regenerate', data);
        return data;
      },
    });

    for (const module of deps.modules ?? []) await app.register(module);

    // Unknown internal paths answer 404 only to a caller who passed the guard.
    app.all('/*', async (request) => {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?', 1)[0]}`, 404);
    });
  };
}
