/**
 * Chat tickets for cam shows (issue 18 deliverable 1; docs/decisions/0049-chat-tickets.md): buying and
 * returning tickets, the guest's ticket list, the cancellation of a show with its refunds. Owns
 * `chat_tickets`; the shows are the performers module's (cam-show-writes.ts), the money the ledger's.
 * The live module asks who holds a ticket through ticket-holders.ts.
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createCamShowPort } from '../performers/cam-show-writes.ts';
import { ticketsGraphql } from './tickets.graphql.ts';
import { ticketsInternalRoutes, ticketsRoutes } from './tickets.routes.ts';
import { createTicketsService, type TicketsService } from './tickets.service.ts';

export interface TicketsModule extends FeatureModule {
  service: TicketsService;
}

export function createTicketsModule(
  deps: FeatureModuleDeps & {
    /** The show clock (ms since the epoch): shows start by it (the show side's clock). */
    now?: () => number;
  },
): TicketsModule {
  const service = createTicketsService({
    db: deps.db,
    wallet: deps.wallet,
    bus: deps.bus,
    log: deps.log,
    ageGate: deps.ageGate,
    shows: createCamShowPort(deps.db),
    ...(deps.now ? { now: deps.now } : {}),
  });
  return {
    service,
    rest: ticketsRoutes({
      auth: deps.auth,
      tickets: service,
      performerSecret: deps.config.performerApiSecret,
    }),
    internal: ticketsInternalRoutes({ tickets: service }),
    graphql: ticketsGraphql(service),
  };
}
