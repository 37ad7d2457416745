/** The pro actor search use cases: options and saved filter, search by filters and distance, ZIP lookup. */
import type { Language } from '@vela/contracts/common';
import { LANGUAGES } from '@vela/contracts/common';
import {
  ACTOR_GENDERS,
  ACTOR_SEARCH_AGE_MAX,
  ACTOR_SEARCH_AGE_MIN,
  ACTOR_SEARCH_CATEGORY_ALL,
  ACTOR_SEARCH_CATEGORY_NEW,
  ACTOR_SEARCH_MAX_RADIUS_KM,
  ACTOR_SEARCH_PAGE_SIZE,
  ACTOR_SEARCH_RADII_KM,
  ACTOR_SEARCH_SORTS,
  ACTOR_TYPES,
  type ActorSearchFilter,
  ActorSearchFilterSchema,
  type ActorSearchInit,
  type ActorSearchResult,
  DEFAULT_ACTOR_SEARCH_FILTER,
  NEWLY_REGISTERED_DAYS,
  type ZipGeoLocation,
} from '@vela/contracts/prosearch';
import { boundingBox, geoLocationByZip, isValidZip } from '@vela/geo/zip';
import { AppError } from '../../http/errors.ts';
import type { Country } from '../../infra/country.ts';
import type { ActorQuery, ActorSearch } from '../catalog/actor-search.ts';
import { categoryName, presentActorTile } from '../catalog/catalog.presenter.ts';
import type { ProSearchRepository } from './prosearch.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The date `years` years before `now` (UTC), as YYYY-MM-DD. */
function yearsBefore(now: Date, years: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}

/** `catalog`: the actors and categories searched, the catalog's (decision 0030). */
export function createProSearchService(
  repository: ProSearchRepository,
  catalog: ActorSearch,
  now: () => Date = () => new Date(),
) {
  /** spec 7 utility/getGeoLocationByZip: 400 INVALID_ZIP, 404 ZIP_NOT_FOUND. */
  function geoLocation(zip: string): ZipGeoLocation {
    const code = zip.trim();
    if (!isValidZip(code)) throw new AppError('INVALID_ZIP', 'A ZIP code has 5 digits (Germany)', 400);
    const location = geoLocationByZip(code);
    if (!location) throw new AppError('ZIP_NOT_FOUND', `No place has the ZIP code ${code}`, 404);
    return { lat: location.lat, long: location.lon, source: 'zip', city: location.city, zip: code };
  }

  /** A stored filter as it is valid today (a filter saved by an older version is dropped). */
  function restore(raw: Record<string, unknown> | null): ActorSearchFilter | null {
    if (!raw) return null;
    const parsed = ActorSearchFilterSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  }

  /** One page of results for a caller from `country` (performers blocked there are never found, spec 6). */
  async function search(
    filter: ActorSearchFilter,
    offset: number,
    limit: number,
    country: Country,
  ): Promise<ActorSearchResult> {
    if (filter.sort === 'distance' && !filter.zip)
      throw new AppError('ZIP_REQUIRED_FOR_DISTANCE', 'Sorting by distance needs a ZIP code', 400);
    if (filter.radiusKm !== undefined && !filter.zip)
      throw new AppError('ZIP_REQUIRED_FOR_RADIUS', 'A radius needs a ZIP code', 400);
    if (filter.categoryId !== undefined && !(await catalog.categoryExists(filter.categoryId)))
      throw new AppError('UNKNOWN_CATEGORY', `No category has the id ${filter.categoryId}`, 400);
    const origin = filter.zip ? geoLocation(filter.zip) : null;
    const today = now();
    const centre = origin ? { lat: origin.lat, lon: origin.long } : undefined;
    // Nearest first without a radius still stays within the largest radius (bounded box scan).
    const radiusKm = centre
      ? (filter.radiusKm ?? (filter.sort === 'distance' ? ACTOR_SEARCH_MAX_RADIUS_KM : undefined))
      : undefined;
    const query: ActorQuery = {
      ...(filter.categoryId !== undefined ? { categoryId: filter.categoryId } : {}),
      ...(filter.gender ? { gender: filter.gender } : {}),
      ...(filter.actorType ? { actorType: filter.actorType } : {}),
      ...(filter.language ? { language: filter.language } : {}),
      ...(filter.ageFrom !== undefined ? { bornOnOrBefore: yearsBefore(today, filter.ageFrom) } : {}),
      ...(filter.ageTo !== undefined ? { bornAfter: yearsBefore(today, filter.ageTo + 1) } : {}),
      onlineOnly: filter.onlineOnly,
      ...(filter.searchCategory === ACTOR_SEARCH_CATEGORY_NEW
        ? { registeredSince: new Date(today.getTime() - NEWLY_REGISTERED_DAYS * DAY_MS) }
        : {}),
      ...(centre ? { origin: centre } : {}),
      ...(centre && radiusKm !== undefined ? { radiusKm, box: boundingBox(centre, radiusKm) } : {}),
      sort: filter.sort,
      offset,
      limit,
      country,
    };
    const [rows, total] = await Promise.all([catalog.searchActors(query), catalog.countActors(query)]);
    return {
      items: rows.map((row) => ({
        actor: presentActorTile(row, today),
        distanceKm: row.distanceKm === null ? null : Math.round(row.distanceKm * 10) / 10,
        location: row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null,
        city: row.city,
      })),
      total,
      offset,
      limit,
      origin,
      filter,
    };
  }

  return {
    geoLocation,
    search,

    async init(lang: Language, guestId: number | null): Promise<ActorSearchInit> {
      const [categories, saved] = await Promise.all([
        catalog.categories(),
        guestId === null ? null : repository.savedFilter(guestId),
      ]);
      const filter = restore(saved);
      return {
        options: {
          searchCategories: [
            { id: ACTOR_SEARCH_CATEGORY_ALL, key: 'all' },
            { id: ACTOR_SEARCH_CATEGORY_NEW, key: 'newlyRegistered' },
          ],
          categories: categories.map((row) => ({ id: row.id, name: categoryName(row, lang) })),
          genders: ACTOR_GENDERS,
          actorTypes: ACTOR_TYPES,
          languages: LANGUAGES,
          age: { min: ACTOR_SEARCH_AGE_MIN, max: ACTOR_SEARCH_AGE_MAX },
          radiiKm: ACTOR_SEARCH_RADII_KM,
          sorts: ACTOR_SEARCH_SORTS,
          pageSize: ACTOR_SEARCH_PAGE_SIZE,
        },
        filter: filter ?? DEFAULT_ACTOR_SEARCH_FILTER,
        saved: filter !== null,
      };
    },

    saveFilter: (guestId: number, filter: ActorSearchFilter) => repository.saveFilter(guestId, filter),
    deleteFilter: (guestId: number) => repository.deleteFilter(guestId),
  };
}

export type ProSearchService = ReturnType<typeof createProSearchService>;
