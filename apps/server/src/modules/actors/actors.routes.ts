/**
 * Actor REST routes of spec 7, mounted under `/rest/v1`. Every call resolves the actor first:
 * unknown 404 ACTOR_NOT_FOUND, malformed id 400, a caller from one of the actor's banned countries
 * 403 ACTOR_BLOCKED_IN_COUNTRY (country from the edge header, config COUNTRY_HEADER; the answers
 * vary on it).
 *
 * - GET  actor/getActorDataByIdOrName/:actorIdOrName   spec 3 actor data (optional qmday ignored)
 * - GET  actor/getActorStateById/:actorId              availability flags
 * - GET  actor/getActorNoteById/:actorId               own note (logged-in only, no-store)
 * - POST actor/storeActorNote {actorId, comment}       own note; empty comment deletes (logged-in only)
 * - GET  actor/getActorPreviewImage/:actorIdOrName     the avatar
 * - GET  gallery/getpromotedvideo/:actorId             promoted video or null
 * - GET  gallery/getTopVideos/:actorIdOrName           best selling of the last 9 months
 * - GET  sales/actor/:actorId?offset=                  the actor's discounted videos, newest first
 * - GET  seo/getActorSeoContent/:actorId[/:tagGroup]   SEO text (stored or generated)
 * - GET  phoenix/get_profile_preview/:actorId          hover preview with 4 newest album covers
 *
 * Registered from `actorEndpoints` (decision 0032).
 */
import { actorEndpoints } from '@vela/contracts/actors';
import { type Language, LanguageSchema } from '@vela/contracts/common';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { ActorsService } from './actors.service.ts';

const BODY_LIMIT = 16 * 1024;

export function actorsRoutes(deps: {
  auth: GuestAuth;
  actors: ActorsService;
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, actors, countryHeader } = deps;
  const country = (request: FastifyRequest) => countryOf(request.headers, countryHeader);
  /** A language the site does not have falls back to en. */
  const languageOf = (lang: string | undefined): Language => {
    const parsed = LanguageSchema.safeParse(lang ?? 'en');
    return parsed.success ? parsed.data : 'en';
  };
  const actorOf = (idOrName: number | string, request: FastifyRequest) =>
    actors.actorFor(idOrName, country(request));

  return async (app) => {
    // Public actor answers depend on the caller's country: shared caches must key on it.
    app.addHook('onSend', varyOnCountry(countryHeader));

    route(app, actorEndpoints.actorData).handle({
      handler: async ({ params, request }) => actors.actorDataFor(params.actorIdOrName, country(request)),
    });

    route(app, actorEndpoints.actorState).handle({
      handler: async ({ params, request }) => actors.actorState(await actorOf(params.actorId, request)),
    });

    route(app, actorEndpoints.previewImage).handle({
      handler: async ({ params, request }) =>
        actors.previewImage(await actorOf(params.actorIdOrName, request)),
    });

    route(app, actorEndpoints.promotedVideo).handle({
      handler: async ({ params, request }) => ({
        video: await actors.promotedVideo(await actorOf(params.actorId, request)),
      }),
    });

    route(app, actorEndpoints.topVideos).handle({
      handler: async ({ params, request }) => ({
        videos: await actors.topVideos(await actorOf(params.actorIdOrName, request)),
      }),
    });

    route(app, actorEndpoints.sales).handle({
      handler: async ({ params, query, request }) =>
        actors.discountedVideos(await actorOf(params.actorId, request), query.offset),
    });

    route(app, actorEndpoints.seoContent).handle({
      handler: async ({ params, query, request }) =>
        actors.seoContent(await actorOf(params.actorId, request), languageOf(query.lang), null),
    });

    route(app, actorEndpoints.seoContentOfTagGroup).handle({
      handler: async ({ params, query, request }) =>
        actors.seoContent(await actorOf(params.actorId, request), languageOf(query.lang), params.tagGroup),
    });

    route(app, actorEndpoints.profilePreview).handle({
      handler: async ({ params, request }) => actors.profilePreview(await actorOf(params.actorId, request)),
    });

    // Notes: logged-in only (spec 6), always the caller's own note, never cached.
    await app.register(async (notes) => {
      privateResponses(notes);

      route(notes, actorEndpoints.note).handle({
        authenticate: (request) => auth.requireGuest(request),
        handler: async ({ params, auth: { guestId }, request }) =>
          actors.noteOf(guestId, await actorOf(params.actorId, request)),
      });

      route(notes, actorEndpoints.storeNote).handle({
        authenticate: (request) => auth.requireGuest(request),
        handler: async ({ body, auth: { guestId }, request }) =>
          actors.storeNote(guestId, await actorOf(body.actorId, request), body.comment),
        options: { bodyLimit: BODY_LIMIT },
      });
    });
  };
}
