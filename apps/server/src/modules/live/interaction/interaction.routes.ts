/**
 * The guest's REST calls of the in-session interaction (contracts live-interaction.ts): a tip and a
 * toy action in the guest's own running session. Per guest, so `Cache-Control: no-store`.
 */
import { liveInteractionEndpoints as e } from '@vela/contracts/live-interaction';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { privateResponses } from '../../../http/private.ts';
import type { GuestAuth } from '../../guests/auth.ts';
import type { LiveInteraction } from './interaction.service.ts';

export function interactionRoutes(deps: {
  auth: GuestAuth;
  interaction: LiveInteraction;
}): FastifyPluginAsync {
  const requireGuest = async (request: FastifyRequest) => (await deps.auth.requireGuest(request)).guestId;
  return async (app) => {
    privateResponses(app);
    route(app, e.tip).handle({
      authenticate: requireGuest,
      handler: ({ params, body, auth: guestId }) =>
        deps.interaction.tip(guestId, params.sessionId, body.tipId, body.amountCoins),
    });
    route(app, e.toyAction).handle({
      authenticate: requireGuest,
      handler: ({ params, body, auth: guestId }) =>
        deps.interaction.toy(guestId, params.sessionId, body.actionId, body.preset),
    });
  };
}
