/** The actor profile and its tabs (issue 5 deliverable 2): actor data, chat ratings, heat maps, interviews, SEO per tag group, recommendations, notes, banned countries. */
import type { ActorPageServices } from '@vela/contracts/actors';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';

export interface ActorsModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: ActorPageServices;
}

export function createActorsModule(_deps: FeatureModuleDeps): ActorsModule {
  return { pages: {} };
}
