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
 */
import { ActorIdSchema, StoreActorNoteSchema } from '@vela/contracts/actors';
import { type Language, LanguageSchema } from '@vela/contracts/common';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { ActorsService } from './actors.service.ts';

const IdParams = z.object({ actorId: ActorIdSchema });
/** An id (digits) or a name; names are compared lower-cased (spec 5). */
const IdOrNameParams = z.object({
  actorIdOrName: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((v) => !/^\d+$/.test(v) || ActorIdSchema.safeParse(v).success, 'actorIdOrName: not a valid id'),
});
const SeoParams = z.object({
  actorId: ActorIdSchema,
  tagGroup: z.string().trim().min(1).max(100).optional(),
});
const OffsetQuery = z.object({ offset: z.coerce.number().int().min(0).max(10_000).default(0) }).passthrough();
const LangQuery = z.object({ lang: z.string().optional() }).passthrough();
const BODY_LIMIT = 16 * 1024;

export function actorsRoutes(deps: {
  auth: GuestAuth;
  actors: ActorsService;
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, actors, countryHeader } = deps;
  const country = (request: FastifyRequest) => countryOf(request.headers, countryHeader);
  const langOf = (request: FastifyRequest): Language => {
    const parsed = LanguageSchema.safeParse(parseInput(LangQuery, request.query).lang ?? 'en');
    return parsed.success ? parsed.data : 'en';
  };
  const byId = (request: FastifyRequest) =>
    actors.actorFor(parseInput(IdParams, request.params).actorId, country(request));
  const byIdOrName = (request: FastifyRequest) =>
    actors.actorFor(parseInput(IdOrNameParams, request.params).actorIdOrName, country(request));

  return async (app) => {
    // Public actor answers depend on the caller's country: shared caches must key on it.
    app.addHook('onSend', varyOnCountry(countryHeader));

    app.get('/actor/getActorDataByIdOrName/:actorIdOrName', async (request) => {
      const actor = await byIdOrName(request);
      return { success: true, data: actors.actorData(actor) };
    });

    app.get('/actor/getActorStateById/:actorId', async (request) => {
      const actor = await byId(request);
      return { success: true, data: actors.actorState(actor) };
    });

    app.get('/actor/getActorPreviewImage/:actorIdOrName', async (request) => {
      const actor = await byIdOrName(request);
      return { success: true, data: actors.previewImage(actor) };
    });

    app.get('/gallery/getpromotedvideo/:actorId', async (request) => {
      const actor = await byId(request);
      return { success: true, data: { video: await actors.promotedVideo(actor) } };
    });

    app.get('/gallery/getTopVideos/:actorIdOrName', async (request) => {
      const actor = await byIdOrName(request);
      return { success: true, data: { videos: await actors.topVideos(actor) } };
    });

    app.get('/sales/actor/:actorId', async (request) => {
      const actor = await byId(request);
      const { offset } = parseInput(OffsetQuery, request.query);
      return { success: true, data: await actors.discountedVideos(actor, offset) };
    });

    for (const path of ['/seo/getActorSeoContent/:actorId', '/seo/getActorSeoContent/:actorId/:tagGroup']) {
      app.get(path, async (request) => {
        const { actorId, tagGroup } = parseInput(SeoParams, request.params);
        const actor = await actors.actorFor(actorId, country(request));
        return { success: true, data: await actors.seoContent(actor, langOf(request), tagGroup ?? null) };
      });
    }

    app.get('/phoenix/get_profile_preview/:actorId', async (request) => {
      const actor = await byId(request);
      return { success: true, data: await actors.profilePreview(actor) };
    });

    // Notes: logged-in only (spec 6), always the caller's own note, never cached.
    await app.register(async (notes) => {
      privateResponses(notes);

      notes.get('/actor/getActorNoteById/:actorId', async (request) => {
        const { guestId } = await auth.requireGuest(request);
        const actor = await byId(request);
        return { success: true, data: await actors.noteOf(guestId, actor) };
      });

      notes.post('/actor/storeActorNote', { bodyLimit: BODY_LIMIT }, async (request) => {
        const { guestId } = await auth.requireGuest(request);
        const { actorId, comment } = parseInput(StoreActorNoteSchema, request.body);
        const actor = await actors.actorFor(actorId, country(request));
        return { success: true, data: await actors.storeNote(guestId, actor, comment) };
      });
    });
  };
}
