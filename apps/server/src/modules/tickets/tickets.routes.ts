/**
 * REST calls of chat tickets (issue 18; contracts tickets.ts), mounted under `/rest/v1`:
 * - GET  guest/chatTickets             the caller's tickets (spec 7 chat ticket list)
 * - POST chatTicket/:id/buy            buy the ticket of show :id (spec 7 buyChatTicket)
 * - POST chatTicket/:id/remove         return it before the start (spec 7 removeChatTicket)
 * - POST performer/camShows/:id/cancel the performer cancels an own show (X-Performer-Token)
 * and the operator's `POST internal/camShows/:id/cancel` (ticketsInternalRoutes).
 * Always the caller's own tickets (requireGuest); answers are per guest (`no-store`).
 */
import { ticketEndpoints as e } from '@vela/contracts/tickets';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { createPerformerAuth } from '../live/performer.routes.ts';
import type { TicketsService } from './tickets.service.ts';

const BODY_LIMIT = 4 * 1024;

export function ticketsRoutes(deps: {
  auth: GuestAuth;
  tickets: TicketsService;
  /** Without PERFORMER_API_SECRET the performer API (and so its cancel call) does not exist. */
  performerSecret: string | undefined;
}): FastifyPluginAsync {
  const { auth, tickets } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;
  return async (app) => {
    privateResponses(app);
    route(app, e.chatTickets).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId }) => ({ tickets: await tickets.list(guestId) }),
    });
    route(app, e.buyChatTicket).handle({
      authenticate: requireGuest,
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ auth: guestId, params: { id }, body }) => ({
        success: true as const,
        ...(await tickets.buy(guestId, id, body)),
      }),
    });
    route(app, e.removeChatTicket).handle({
      authenticate: requireGuest,
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ auth: guestId, params: { id } }) => ({
        success: true as const,
        ...(await tickets.remove(guestId, id)),
      }),
    });
    if (deps.performerSecret) {
      const performer = createPerformerAuth(deps.performerSecret);
      route(app, e.cancelShowPerformer).handle({
        authenticate: performer,
        options: { bodyLimit: BODY_LIMIT },
        handler: async ({ auth: actorId, params: { id } }) => tickets.cancel(id, actorId),
      });
    }
  };
}

export function ticketsInternalRoutes(deps: { tickets: TicketsService }): FastifyPluginAsync {
  return async (app) => {
    route(app, e.cancelShowInternal, 'internal/').handle({
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ params: { id }, request }) => {
        const result = await deps.tickets.cancel(id);
        request.log.info(
          { operator: { action: 'cancel cam show', ip: request.ip, showId: id, refunded: result.refunded } },
          'internal api: cancel cam show',
        );
        return result;
      },
    });
  };
}
