/** Global search (issue 5 deliverable 5): grouped results, overlay and page, suggestions, last searches, tags. */
import type { SearchPageServices } from '@vela/contracts/search';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { searchRoutes } from './search.routes.ts';

export interface SearchModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: SearchPageServices;
}

export function createSearchModule(deps: FeatureModuleDeps): SearchModule {
  return { rest: searchRoutes({ db: deps.db }), pages: {} };
}
