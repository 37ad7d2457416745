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

export function createActorsModule(
  deps: FeatureModuleDeps & {
    /** The conversion-chat module's answer: spec 3 isActorAvailableForConversionChat (issue 18). */
    availableForConversionChat?: (actorId: number) => Promise<boolean>;
  },
): ActorsModule {
  const service = createActorsService(deps.db);
  const available = deps.availableForConversionChat;
  // Actor data (getActorDataByIdOrName) carries the conversion chat flag when the owner answers it.
  const actors: typeof service = available
    ? {
        ...service,
        actorData: async (actor) => ({
          ...(await service.actorData(actor)),
          isActorAvailableForConversionChat: await available(actor.id),
        }),
      }
    : service;
  return {
    pages: service.pages,
    rest: actorsRoutes({ auth: deps.auth, actors, countryHeader: deps.config.countryHeader }),
    graphql: actorsGraphql(service),
  };
}
