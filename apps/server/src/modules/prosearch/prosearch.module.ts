/** Pro actor search (issue 5 deliverable 5): filters, ZIP code geolocation, rank or distance, the map; and the catalog import API (deliverable 6). */
import { ACTOR_SEARCH_PAGE_SIZE, type ProSearchPageServices } from '@vela/contracts/prosearch';
import type { Country } from '../../infra/country.ts';
import { createActorSearch } from '../catalog/actor-search.ts';
import { catalogImportRoutes } from '../catalog/catalog-import.routes.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createProSearchRepository } from './prosearch.repository.ts';
import { proSearchRoutes } from './prosearch.routes.ts';
import { createProSearchService } from './prosearch.service.ts';

export interface ProSearchModule extends FeatureModule {
  /** The page loaders' calls of this slice, for a caller from `country` (spec 6 banned countries). */
  pagesIn(country: Country): ProSearchPageServices;
}

export function createProSearchModule(deps: FeatureModuleDeps): ProSearchModule {
  const service = createProSearchService(createProSearchRepository(deps.db), createActorSearch(deps.db));
  return {
    rest: proSearchRoutes({ auth: deps.auth, service, countryHeader: deps.config.countryHeader }),
    internal: catalogImportRoutes({ db: deps.db, bus: deps.bus }),
    pagesIn: (country) => ({
      proSearchInit: (lang, guestId) => service.init(lang, guestId),
      proSearch: (_lang, filter, offset) => service.search(filter, offset, ACTOR_SEARCH_PAGE_SIZE, country),
    }),
  };
}
