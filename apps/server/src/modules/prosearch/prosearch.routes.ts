/**
 * Pro actor search REST routes (spec 7), mounted under `/rest/v1`:
 * - GET  actorsearch/init?language=        filter options and the caller's saved filter (defaults for visitors)
 * - POST actorsearch/search?language=      { ...filter, offset, limit } -> { items, total, origin }; saves the filter of a logged-in guest
 * - POST actorsearch/filter/delete         removes the saved filter (logged-in guests; 401 otherwise)
 * - GET  utility/getGeoLocationByZip/:zip  { lat, long, source: 'zip', city } (400 INVALID_ZIP, 404 ZIP_NOT_FOUND)
 *
 * Registered from `proSearchEndpoints` (decision 0032).
 */
import { proSearchEndpoints as e } from '@vela/contracts/prosearch-api';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { ProSearchService } from './prosearch.service.ts';

const BODY_LIMIT = 8 * 1024;
/** One day: postal codes do not move. */
const ZIP_CACHE_SECONDS = 24 * 60 * 60;

export function proSearchRoutes(deps: {
  auth: GuestAuth;
  service: ProSearchService;
  /** COUNTRY_HEADER: performers blocked in the caller's country are never found (spec 6). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, service, countryHeader } = deps;
  const callerOf = async (request: Parameters<GuestAuth['authenticate']>[0]) =>
    (await auth.authenticate(request))?.guestId ?? null;
  return async (app) => {
    route(app, e.geoLocationByZip).handle({
      handler: async ({ params, reply }) => {
        const data = service.geoLocation(params.zipCode);
        reply.header('cache-control', `public, max-age=${ZIP_CACHE_SECONDS}`);
        return data;
      },
    });

    await app.register(async (guestScoped) => {
      privateResponses(guestScoped);
      guestScoped.addHook('onSend', varyOnCountry(countryHeader));

      route(guestScoped, e.init).handle({
        authenticate: callerOf,
        handler: async ({ query, auth: guestId }) => service.init(query.language, guestId),
      });

      route(guestScoped, e.search).handle({
        authenticate: callerOf,
        options: { bodyLimit: BODY_LIMIT },
        handler: async ({ body: { paging, filter }, auth: guestId, request }) => {
          const result = await service.search(
            filter,
            paging.offset,
            paging.limit,
            countryOf(request.headers, countryHeader),
          );
          // Only a search that succeeded is remembered (bad input changes nothing).
          if (guestId) await service.saveFilter(guestId, filter);
          return { ...result, saved: Boolean(guestId) };
        },
      });

      route(guestScoped, e.deleteFilter).handle({
        authenticate: (request) => auth.requireGuest(request),
        handler: async ({ auth: caller }) => ({ deleted: await service.deleteFilter(caller.guestId) }),
      });
    });
  };
}
