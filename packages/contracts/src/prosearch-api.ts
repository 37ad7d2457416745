/**
 * The pro actor search calls (spec 7) as declarations (decision 0032), apart from prosearch.ts so
 * that the page's constants and types stay free of the answer schemas:
 *
 * - GET  utility/getGeoLocationByZip/:zipCode  { lat, long, source: 'zip', city, zip }
 * - GET  actorsearch/init?language=            filter options and the caller's saved filter (defaults for visitors)
 * - POST actorsearch/search?language=          { ...filter, offset, limit }; saves a logged-in guest's filter
 * - POST actorsearch/filter/delete             removes the saved filter (logged-in only)
 */
import { z } from 'zod';
import { LanguageSchema } from './common.ts';
import { codedIssue, defineEndpoint } from './endpoint.ts';
import {
  ACTOR_GENDERS,
  ACTOR_SEARCH_CATEGORY_ALL,
  ACTOR_SEARCH_CATEGORY_NEW,
  ACTOR_SEARCH_SORTS,
  ACTOR_TYPES,
  type ActorSearchFilter,
  ActorSearchFilterSchema,
  type ActorSearchHit,
  type ActorSearchInit,
  ActorSearchPagingSchema,
  ZipCodeSchema,
  type ZipGeoLocation,
} from './prosearch.ts';
import { ActorTileSchema } from './tile-schemas.ts';

/** `?language=` of init and search (en unless given). */
const LanguageQuery = z.object({ language: LanguageSchema.default('en') });

const ZipGeoLocationSchema = z.object({
  lat: z.number(),
  long: z.number(),
  source: z.literal('zip'),
  city: z.string(),
  zip: z.string(),
}) satisfies z.ZodType<ZipGeoLocation>;

/** A filter as the server answers it (already checked: no defaults, no refinements). */
const AnsweredFilterSchema = z.object({
  zip: z.string().optional(),
  radiusKm: z.number().optional(),
  searchCategory: z.union([z.literal(ACTOR_SEARCH_CATEGORY_ALL), z.literal(ACTOR_SEARCH_CATEGORY_NEW)]),
  categoryId: z.number().optional(),
  gender: z.enum(ACTOR_GENDERS).optional(),
  actorType: z.enum(ACTOR_TYPES).optional(),
  language: LanguageSchema.optional(),
  ageFrom: z.number().optional(),
  ageTo: z.number().optional(),
  onlineOnly: z.boolean(),
  sort: z.enum(ACTOR_SEARCH_SORTS),
}) satisfies z.ZodType<ActorSearchFilter>;

const ActorSearchInitSchema = z.object({
  options: z.object({
    searchCategories: z.array(z.object({ id: z.number(), key: z.enum(['all', 'newlyRegistered']) })),
    categories: z.array(z.object({ id: z.number(), name: z.string() })),
    genders: z.array(z.string()).readonly(),
    actorTypes: z.array(z.string()).readonly(),
    languages: z.array(LanguageSchema).readonly(),
    age: z.object({ min: z.number(), max: z.number() }),
    radiiKm: z.array(z.number()).readonly(),
    sorts: z.array(z.enum(ACTOR_SEARCH_SORTS)).readonly(),
    pageSize: z.number(),
  }),
  filter: AnsweredFilterSchema,
  saved: z.boolean(),
}) satisfies z.ZodType<ActorSearchInit>;

const ActorSearchHitSchema = z.object({
  actor: ActorTileSchema,
  distanceKm: z.number().nullable(),
  location: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  city: z.string().nullable(),
}) satisfies z.ZodType<ActorSearchHit>;

/**
 * `actorsearch/search`'s body: the filter's fields plus `offset` and `limit`, checked in this order,
 * each step only when the one before passed: paging, then the ZIP (its own code, INVALID_ZIP), then
 * the filter. Read as `{ paging, filter }`.
 */
export const ActorSearchBodySchema = z
  .looseObject(ActorSearchPagingSchema.shape)
  .transform(({ offset, limit, ...fields }, ctx) => {
    if (fields.zip !== undefined && !ZipCodeSchema.safeParse(fields.zip).success) {
      ctx.addIssue(codedIssue('INVALID_ZIP', ['zip'], 'a ZIP code has 5 digits (Germany)'));
      return z.NEVER;
    }
    const filter = ActorSearchFilterSchema.safeParse(fields);
    if (!filter.success) {
      for (const issue of filter.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { paging: { offset, limit }, filter: filter.data };
  });

export const proSearchEndpoints = {
  /** The service answers a malformed code with INVALID_ZIP, an unknown one with ZIP_NOT_FOUND. */
  geoLocationByZip: defineEndpoint({
    method: 'GET',
    path: 'utility/getGeoLocationByZip/:zipCode',
    params: z.object({ zipCode: z.string() }),
    response: ZipGeoLocationSchema,
    errors: ['INVALID_ZIP', 'ZIP_NOT_FOUND'],
  }),
  init: defineEndpoint({
    method: 'GET',
    path: 'actorsearch/init',
    query: LanguageQuery,
    response: ActorSearchInitSchema,
    errors: [],
  }),
  /** The body: ActorSearchBodySchema (paging, then the ZIP, then the filter). */
  search: defineEndpoint({
    method: 'POST',
    path: 'actorsearch/search',
    query: LanguageQuery,
    body: ActorSearchBodySchema,
    response: z.object({
      items: z.array(ActorSearchHitSchema),
      total: z.number(),
      offset: z.number(),
      limit: z.number(),
      origin: ZipGeoLocationSchema.nullable(),
      filter: AnsweredFilterSchema,
      /** The filter was saved (a logged-in guest). */
      saved: z.boolean(),
    }),
    errors: [
      'INVALID_ZIP',
      'ZIP_NOT_FOUND',
      'ZIP_REQUIRED_FOR_RADIUS',
      'ZIP_REQUIRED_FOR_DISTANCE',
      'UNKNOWN_CATEGORY',
    ],
  }),
  deleteFilter: defineEndpoint({
    method: 'POST',
    path: 'actorsearch/filter/delete',
    response: z.object({ deleted: z.boolean() }),
    errors: ['NOT_LOGGED_IN'],
  }),
};
