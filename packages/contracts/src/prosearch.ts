/**
 * Pro actor search (issue 5 deliverable 5): filters, ZIP code geolocation, rank or distance, the map.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 *
 * REST (spec 7): GET actorsearch/init, POST actorsearch/search, POST actorsearch/filter/delete,
 * GET utility/getGeoLocationByZip/{zipCode}. Search categories (spec 9): 3 = every actor (the
 * default), 88 = newly registered (the last NEWLY_REGISTERED_DAYS days); the catalog categories
 * (categories table) filter separately by `categoryId` (docs/decisions/0019-postal-codes-and-map.md).
 */
import { z } from 'zod';
import { type Language, LanguageSchema } from './common.ts';
import type { ActorTile } from './pages.ts';

/** Spec 9: the default actor search category. */
export const ACTOR_SEARCH_CATEGORY_ALL = 3;
/** Spec 9: the "newly registered" actor search category. */
export const ACTOR_SEARCH_CATEGORY_NEW = 88;
export const ACTOR_SEARCH_CATEGORIES = [ACTOR_SEARCH_CATEGORY_ALL, ACTOR_SEARCH_CATEGORY_NEW] as const;
/** An actor counts as newly registered for this many days. */
export const NEWLY_REGISTERED_DAYS = 30;
/** Spec 9: search sort rank or distance. */
export const ACTOR_SEARCH_SORTS = ['rank', 'distance'] as const;
export type ActorSearchSort = (typeof ACTOR_SEARCH_SORTS)[number];
/** The radii the form offers (km); any whole number 1..MAX is accepted. */
export const ACTOR_SEARCH_RADII_KM = [10, 25, 50, 100, 250, 500] as const;
export const ACTOR_SEARCH_MAX_RADIUS_KM = 1000;
export const ACTOR_SEARCH_AGE_MIN = 18;
export const ACTOR_SEARCH_AGE_MAX = 99;
export const ACTOR_SEARCH_PAGE_SIZE = 30;
export const ACTOR_SEARCH_MAX_LIMIT = 100;
/** The deepest offset paged to (keeps OFFSET scans bounded). */
export const ACTOR_SEARCH_MAX_OFFSET = 10_000;

export const ACTOR_GENDERS = ['F', 'M', 'N'] as const;
export const ACTOR_TYPES = ['F', 'M', 'FM', 'FF', 'S'] as const;

/** A German postal code: five digits (other countries: not searchable by ZIP yet). */
export const ZipCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'zip must be a 5-digit postal code');

const Age = z.number().int().min(ACTOR_SEARCH_AGE_MIN).max(ACTOR_SEARCH_AGE_MAX);

/** The saved part of a search: everything but paging. */
export const ActorSearchFilterSchema = z
  .object({
    zip: ZipCodeSchema.optional(),
    radiusKm: z.number().int().min(1).max(ACTOR_SEARCH_MAX_RADIUS_KM).optional(),
    searchCategory: z
      .union([z.literal(ACTOR_SEARCH_CATEGORY_ALL), z.literal(ACTOR_SEARCH_CATEGORY_NEW)])
      .default(3),
    categoryId: z.number().int().positive().max(2_147_483_647).optional(),
    gender: z.enum(ACTOR_GENDERS).optional(),
    actorType: z.enum(ACTOR_TYPES).optional(),
    language: LanguageSchema.optional(),
    ageFrom: Age.optional(),
    ageTo: Age.optional(),
    onlineOnly: z.boolean().default(false),
    sort: z.enum(ACTOR_SEARCH_SORTS).default('rank'),
  })
  .strict()
  .refine((f) => f.ageFrom === undefined || f.ageTo === undefined || f.ageFrom <= f.ageTo, {
    message: 'ageFrom must not be greater than ageTo',
    path: ['ageFrom'],
  });
export type ActorSearchFilter = z.output<typeof ActorSearchFilterSchema>;

/** POST actorsearch/search: the filter's fields plus `offset` and `limit` in one body. */
export const ActorSearchPagingSchema = z.object({
  offset: z.number().int().min(0).max(ACTOR_SEARCH_MAX_OFFSET).default(0),
  limit: z.number().int().min(1).max(ACTOR_SEARCH_MAX_LIMIT).default(ACTOR_SEARCH_PAGE_SIZE),
});
export type ActorSearchPaging = z.output<typeof ActorSearchPagingSchema>;

/** The defaults of init when a guest has no saved filter. */
export const DEFAULT_ACTOR_SEARCH_FILTER: ActorSearchFilter = {
  searchCategory: ACTOR_SEARCH_CATEGORY_ALL,
  onlineOnly: false,
  sort: 'rank',
};

/** spec 3 geoLocation (lat, long, source) plus the town. */
export interface ZipGeoLocation {
  lat: number;
  long: number;
  source: 'zip';
  city: string;
  zip: string;
}

export interface ActorSearchInit {
  options: {
    searchCategories: { id: number; key: 'all' | 'newlyRegistered' }[];
    categories: { id: number; name: string }[];
    genders: readonly string[];
    actorTypes: readonly string[];
    languages: readonly Language[];
    age: { min: number; max: number };
    radiiKm: readonly number[];
    sorts: readonly ActorSearchSort[];
    pageSize: number;
  };
  /** The logged-in guest's saved filter, else the defaults. */
  filter: ActorSearchFilter;
  saved: boolean;
}

export interface ActorSearchHit {
  actor: ActorTile;
  /** Rounded to 0.1 km; null when no ZIP was given or the actor has no location. */
  distanceKm: number | null;
  /** Where the actor is (for the map); null when unknown. */
  location: { lat: number; lon: number } | null;
  city: string | null;
}

export interface ActorSearchResult {
  items: ActorSearchHit[];
  total: number;
  offset: number;
  limit: number;
  /** The searched ZIP's position, when a ZIP was given. */
  origin: ZipGeoLocation | null;
  filter: ActorSearchFilter;
}

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
export interface ProSearchPageServices {
  /** Options and the guest's saved filter (defaults for visitors). */
  proSearchInit(lang: Language, guestId: number | null): Promise<ActorSearchInit>;
  /** One page of results; never saves (the REST call saves). Throws on bad input. */
  proSearch(lang: Language, filter: ActorSearchFilter, offset: number): Promise<ActorSearchResult>;
}
