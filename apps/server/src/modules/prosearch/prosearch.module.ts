/** Pro actor search (issue 5 deliverable 5): filters, ZIP code geolocation, rank or distance, the map. */
import type { ProSearchPageServices } from '@vela/contracts/prosearch';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';

export interface ProSearchModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: ProSearchPageServices;
}

export function createProSearchModule(_deps: FeatureModuleDeps): ProSearchModule {
  return { pages: {} };
}
