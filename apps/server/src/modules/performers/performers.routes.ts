/** Performer REST routes, mounted under `/rest/v1`. */
import { performersEndpoints } from '@vela/contracts/performers';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { PerformersService } from './performers.service.ts';

export function performersRoutes(deps: {
  auth: GuestAuth;
  service: PerformersService;
  /** COUNTRY_HEADER: the lists leave out performers blocked in the caller's country (spec 6). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, service, countryHeader } = deps;
  const country = (request: FastifyRequest) => countryOf(request.headers, countryHeader);
  return async (app) => {
    /** Spec 7: how many performers are online now. */
    app.get('/monitoringActors/onlineActorsAmount', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true, data: { onlineActorsAmount: await service.onlineCount() } };
    });

    // Per-guest answers: never cached.
    await app.register(async (own) => {
      privateResponses(own);

      /** Spec 3 favorite actor items (id, isOnline) plus onlineCount; logged-in only (spec 6). */
      own.get('/guest/favorite/actors', async (request) => {
        const { guestId } = await auth.requireGuest(request);
        return { success: true, data: await service.favoriteActors(guestId, country(request)) };
      });

      /** One top cams list (the tabbed block loads the other tabs through this); favorites are the caller's own. */
      route(own, performersEndpoints.topCams).handle({
        handler: async ({ params: { category }, query, request }) => {
          const viewer = await auth.authenticate(request);
          return service.topCams(
            query.lang,
            category,
            viewer?.guestId ?? null,
            query.offset,
            query.limit,
            country(request),
          );
        },
      });
    });
  };
}
