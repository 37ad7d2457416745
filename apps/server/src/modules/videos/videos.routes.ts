/**
 * Tile grid REST routes (spec 7 `tileGrid/...`), mounted under `/rest/v1`. Grids never offer a
 * video of a performer blocked in the caller's country (spec 6): the answers vary on the country
 * header and a visitor's kept page is kept per country.
 */
import { TILE_GRID_TYPES, videosEndpoints } from '@vela/contracts/videos';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { type ResponseCache, stableJson } from '../../http/response-cache.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { parseGridPayload } from './videos.schema.ts';
import type { VideosService } from './videos.service.ts';

export function videosRoutes(deps: {
  auth: GuestAuth;
  videos: VideosService;
  /** Visitors' listing pages (the same for every visitor of a country), kept briefly per node. */
  visitorListings: ResponseCache;
  /** COUNTRY_HEADER: the caller's country (spec 6 banned countries). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, videos, visitorListings, countryHeader } = deps;
  const countryOfRequest = (request: FastifyRequest) => countryOf(request.headers, countryHeader);
  return async (app) => {
    // Grids carry the caller's bought flags and stored sort: never stored by an HTTP cache (spec 7
    // "uncached"). The server keeps a visitor's page a few seconds (VIDEO_LISTING_CACHE_TTL_MS).
    privateResponses(app);
    app.addHook('onSend', varyOnCountry(countryHeader));

    route(app, videosEndpoints.tileGrid).handle({
      handler: async ({ params: { type, payload }, request, keep }) => {
        // In this order, each with its own code; then the caller (a visitor gets the kept page).
        if (!(TILE_GRID_TYPES as readonly string[]).includes(type))
          throw new AppError('UNKNOWN_GRID_TYPE', `No tile grid of type ${type.slice(0, 40)}`, 400);
        const input = parseGridPayload(payload);
        const caller = await auth.authenticate(request);
        const listing = {
          category: input.category ?? 'allVideos',
          sort: input.sort ?? null,
          ...(input.filter ? { filter: input.filter } : {}),
          ...(input.offset !== undefined ? { offset: input.offset } : {}),
          ...(input.limit !== undefined ? { limit: input.limit } : {}),
        };
        const guestId = caller?.guestId ?? null;
        const country = countryOfRequest(request);
        // Kept per country: a page without a blocked performer's videos is never sent to another country.
        const keyOf = (value: unknown) => `${type}\u0000${country ?? ''}\u0000${stableJson(value)}`;
        if (guestId === null) {
          // A visitor has no bought flags and no stored sort: every visitor of a country gets the same page.
          return keep(visitorListings, keyOf(listing), () => videos.list(listing, null, country));
        }
        const { list, personal } = await videos.listFor(listing, guestId, country);
        if (personal) return list;
        // Nothing of the guest's on the page: the visitors' kept answer for the same request and sort.
        const same = { ...listing, sort: list.sort };
        return keep(visitorListings, keyOf(same), () => videos.list(same, null, country));
      },
    });

    route(app, videosEndpoints.videoPictures).handle({
      handler: async ({ params: { albumId }, request }) =>
        videos.pictures(albumId, countryOfRequest(request)),
    });

    route(app, videosEndpoints.storeTileGridSettings).handle({
      authenticate: async (request) => (await auth.requireGuest(request)).guestId,
      handler: async ({ body, auth: guestId }) => videos.storeSettings(guestId, body.type, body.settings),
    });
  };
}
