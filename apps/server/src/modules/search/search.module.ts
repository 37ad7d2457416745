/** Global search (issue 5 deliverable 5): grouped results, overlay and page, suggestions, last searches, tags. */
import type { SearchPageServices } from '@vela/contracts/search';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { searchGraphql } from './search.graphql.ts';
import { createSearchRepository } from './search.repository.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

export interface SearchModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: SearchPageServices;
}

export function createSearchModule(deps: FeatureModuleDeps): SearchModule {
  const search = createSearchService(createSearchRepository(deps.db));
  return {
    rest: searchRoutes({ search, auth: deps.auth }),
    graphql: searchGraphql(search),
    pages: { globalSearch: search.globalSearch },
  };
}
