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
    /** The voicecall module's answer: spec 3 actor isVoicecallActive (issue 18, decision 0051). */
    inVoiceCall?: (actorId: number) => Promise<boolean>;
  },
): ActorsModule {
  const service = createActorsService(deps.db);
  const available = deps.availableForConversionChat;
  const inVoiceCall = deps.inVoiceCall;
  // Actor data (getActorDataByIdOrName) carries the conversion chat and voice call flags when their
  // owners answer them.
  const actors: typeof service =
    available || inVoiceCall
      ? {
          ...service,
          actorData: async (actor) => {
            const [data, conversion, voice] = await Promise.all([
              service.actorData(actor),
              available?.(actor.id),
              inVoiceCall?.(actor.id),
            ]);
            return {
              ...data,
              ...(conversion === undefined ? {} : { isActorAvailableForConversionChat: conversion }),
              ...(voice === undefined ? {} : { isVoicecallActive: voice }),
            };
          },
        }
      : service;
  return {
    pages: service.pages,
    rest: actorsRoutes({ auth: deps.auth, actors, countryHeader: deps.config.countryHeader }),
    graphql: actorsGraphql(service),
  };
}
