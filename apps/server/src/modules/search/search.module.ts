/** Global search (issue 5 deliverable 5): grouped results, overlay and page, suggestions, last searches, tags. */
import type { SearchPageServices } from '@vela/contracts/search';
import { createResponseCache } from '../../http/response-cache.ts';
import type { Unsubscribe } from '../../infra/bus.ts';
import type { Country } from '../../infra/country.ts';
import { onCatalogChanged } from '../catalog/catalog.events.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { searchGraphql } from './search.graphql.ts';
import { createSearchRepository } from './search.repository.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService, SEARCH_CACHE_TTL_MS } from './search.service.ts';

/** Whole search answers kept per node (language × pattern × group page), at most 64 MB of JSON. */
export const SEARCH_ANSWERS_MAX = 2_000;
const SEARCH_ANSWERS_MAX_BYTES = 64 * 1024 * 1024;

export interface SearchModule extends FeatureModule {
  /** The page loaders' calls of this slice, for a caller from `country` (spec 6 banned countries). */
  pagesIn(country: Country): SearchPageServices;
}

export function createSearchModule(deps: FeatureModuleDeps): SearchModule {
  const search = createSearchService(createSearchRepository(deps.db));
  const answers = createResponseCache({
    ttlMs: SEARCH_CACHE_TTL_MS,
    max: SEARCH_ANSWERS_MAX,
    maxBytes: SEARCH_ANSWERS_MAX_BYTES,
  });
  let unsubscribe: Unsubscribe | undefined;
  return {
    rest: searchRoutes({ search, auth: deps.auth, answers, countryHeader: deps.config.countryHeader }),
    // An import or the operator's "clear cache": the kept results are forgotten on every node.
    async start() {
      unsubscribe = await onCatalogChanged(deps.bus, () => {
        answers.clear();
        search.clearCache();
      });
    },
    async stop() {
      await unsubscribe?.();
    },
    graphql: searchGraphql(search),
    pagesIn: (country) => ({
      globalSearch: (lang, pattern, group, offset) =>
        search.globalSearch(country, lang, pattern, group, offset),
    }),
  };
}
