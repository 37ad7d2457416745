/** The actor profile and its tabs (issue 5 deliverable 2): actor data, chat ratings, heat maps, interviews, SEO per tag group, recommendations, notes, banned countries. */
import type { ActorPageServices } from '@vela/contracts/actors';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { actorsGraphql } from './actors.graphql.ts';
import { actorsRoutes } from './actors.routes.ts';
import { createActorsService } from './actors.service.ts';

export interface ActorsModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: ActorPageServices;
}

export function createActorsModule(deps: FeatureModuleDeps): ActorsModule {
  const service = createActorsService(deps.db);
  return {
    pages: service.pages,
    rest: actorsRoutes({ auth: deps.auth, actors: service, countryHeader: deps.config.countryHeader }),
    graphql: actorsGraphql(service),
  };
}
