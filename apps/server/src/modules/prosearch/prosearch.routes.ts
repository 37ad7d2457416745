/**
 * Pro actor search REST routes (spec 7), mounted under `/rest/v1`:
 * - GET  actorsearch/init?language=        filter options and the caller's saved filter (defaults for visitors)
 * - POST actorsearch/search?language=      { ...filter, offset, limit } -> { items, total, origin }; saves the filter of a logged-in guest
 * - POST actorsearch/filter/delete         removes the saved filter (logged-in guests; 401 otherwise)
 * - GET  utility/getGeoLocationByZip/:zip  { lat, long, source: 'zip', city } (400 INVALID_ZIP, 404 ZIP_NOT_FOUND)
 */
import { LanguageSchema } from '@vela/contracts/common';
import { ActorSearchFilterSchema, ActorSearchPagingSchema } from '@vela/contracts/prosearch';
import { isValidZip } from '@vela/geo/zip';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError, parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { ProSearchService } from './prosearch.service.ts';

const BODY_LIMIT = 8 * 1024;
const LanguageQuery = z.object({ language: LanguageSchema.default('en') });
/** `utility/getGeoLocationByZip/:zipCode`: the service answers a malformed code with INVALID_ZIP. */
const ZipParamsSchema = z.object({ zipCode: z.string() });
/** One day: postal codes do not move. */
const ZIP_CACHE_SECONDS = 24 * 60 * 60;

export function proSearchRoutes(deps: {
  auth: GuestAuth;
  service: ProSearchService;
  /** COUNTRY_HEADER: performers blocked in the caller's country are never found (spec 6). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, service, countryHeader } = deps;
  return async (app) => {
    app.get('/utility/getGeoLocationByZip/:zipCode', async (request, reply) => {
      const { zipCode } = parseInput(ZipParamsSchema, request.params);
      const data = service.geoLocation(zipCode);
      reply.header('cache-control', `public, max-age=${ZIP_CACHE_SECONDS}`);
      return { success: true, data };
    });

    await app.register(async (guestScoped) => {
      privateResponses(guestScoped);
      guestScoped.addHook('onSend', varyOnCountry(countryHeader));

      guestScoped.get('/actorsearch/init', async (request) => {
        const { language } = parseInput(LanguageQuery, request.query ?? {});
        const caller = await auth.authenticate(request);
        return { success: true, data: await service.init(language, caller?.guestId ?? null) };
      });

      guestScoped.post('/actorsearch/search', { bodyLimit: BODY_LIMIT }, async (request) => {
        parseInput(LanguageQuery, request.query ?? {});
        const caller = await auth.authenticate(request);
        const body = request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body))
          return parseInput(z.object({}), body);
        const { offset, limit, ...fields } = body as Record<string, unknown>;
        const paging = parseInput(ActorSearchPagingSchema, { offset, limit });
        if (fields.zip !== undefined && (typeof fields.zip !== 'string' || !isValidZip(fields.zip.trim())))
          throw new AppError('INVALID_ZIP', 'zip: a ZIP code has 5 digits (Germany)', 400);
        const filter = parseInput(ActorSearchFilterSchema, fields);
        const result = await service.search(
          filter,
          paging.offset,
          paging.limit,
          countryOf(request.headers, countryHeader),
        );
        // Only a search that succeeded is remembered (bad input changes nothing).
        if (caller?.guestId) await service.saveFilter(caller.guestId, filter);
        return { success: true, data: { ...result, saved: Boolean(caller?.guestId) } };
      });

      guestScoped.post('/actorsearch/filter/delete', async (request) => {
        const caller = await auth.requireGuest(request);
        const deleted = await service.deleteFilter(caller.guestId);
        return { success: true, data: { deleted } };
      });
    });
  };
}
