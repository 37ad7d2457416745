/** The actor profile and its tabs (issue 5 deliverable 2): actor data, chat ratings, heat maps, interviews, SEO per tag group, recommendations, notes, banned countries. */
import type { ActorPageServices } from '@vela/contracts/actors';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { actorsGraphql } from './actors.graphql.ts';
import { actorsRoutes } from './actors.routes.ts';
import { type ActorDataFlags, createActorsService } from './actors.service.ts';

export interface ActorsModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: ActorPageServices;
}

export function createActorsModule(
  deps: FeatureModuleDeps & {
    /**
     * Other owners' flags on the actor data (getActorDataByIdOrName), as their SQL of the actor: the
     * conversion-chat module's spec 3 isActorAvailableForConversionChat and the voicecall module's
     * isVoicecallActive (issue 18, decision 0051). Read in the actor's one statement.
     */
    actorDataFlags?: ActorDataFlags;
  },
): ActorsModule {
  const service = createActorsService(deps.db);
  const flags = deps.actorDataFlags ?? {};
  const actors: typeof service = {
    ...service,
    actorDataFor: (idOrName, country) => service.actorDataFor(idOrName, country, flags),
  };
  return {
    pages: service.pages,
    rest: actorsRoutes({ auth: deps.auth, actors, countryHeader: deps.config.countryHeader }),
    graphql: actorsGraphql(service),
  };
}
