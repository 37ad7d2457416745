/**
 * REST of the photos slice under /rest/v1 (spec 7 `gallery/`). Answers depend on the caller (own
 * rating flags, own comment, views, and the country of spec 6 banned countries: a performer's
 * albums, pictures and sedcard answer 403 ACTOR_BLOCKED_IN_COUNTRY to a caller from one of their
 * banned countries, and lists leave them out): all are `no-store` and vary on the country header.
 *
 * - GET|POST gallery/open?albumId                 the album; records a view for logged-in guests (once)
 * - GET  gallery/getPreview?albumId               cover + first 4 pictures
 * - GET  gallery/getsedcards/:actorIdOrName[/:payload]  sedcard rating fields + photos;
 *        payload: URL-encoded JSON { limit?, offset?, ageRating? (16|18) }
 * - POST gallery/setGuestRating {albumId, guestRating}            logged-in only
 * - POST gallery/setPictureGuestRating {pictureId, guestRating}   logged-in only
 * - POST gallery/setSedcardsGuestRating/:actorId {guestRating}    logged-in only
 *        guestRating: 1 like, -1 dislike, 0 none; answers guestRatingLikes, guestRatingDislikes,
 *        isLiked, isDisliked (the client overwrites its counts and flags with them)
 * - GET  gallery/getComments?albumId&limit&offset  newest first, limit default and max 500
 * - POST gallery/postComment {albumId, commentText} logged-in only, once per album (409 ALREADY_COMMENTED)
 * - GET  gallery/getPinnedPhotos                   logged-in only; the pictures pinned over the socket
 */
import { AlbumIdQuerySchema, galleryEndpoints as e } from '@vela/contracts/gallery';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/endpoint.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { type GalleryService, SEDCARD_PHOTOS_DEFAULT, SEDCARD_PHOTOS_MAX } from './gallery.service.ts';

const BODY_LIMIT = 16 * 1024;

const SedcardParamsSchema = z.object({
  actorIdOrName: z.string().trim().min(1).max(64),
  payload: z.string().max(512).optional(),
});
const SedcardPayloadSchema = z.object({
  limit: z.coerce.number().int().min(1).max(SEDCARD_PHOTOS_MAX).default(SEDCARD_PHOTOS_DEFAULT),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  ageRating: z.union([z.literal(16), z.literal(18)]).default(18),
});

function payloadOf(raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'payload: not URL-encoded JSON', 400);
  }
}

export function galleryRoutes(deps: {
  auth: GuestAuth;
  gallery: GalleryService;
  /** COUNTRY_HEADER: the edge header with the caller's country (spec 6 banned countries). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, gallery, countryHeader } = deps;
  const viewerOf = async (request: FastifyRequest) => (await auth.authenticate(request))?.guestId ?? null;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;
  const country = (request: FastifyRequest) => countryOf(request.headers, countryHeader);

  return async (app) => {
    privateResponses(app);
    // Every answer here depends on the caller's country (the actors' banned countries).
    app.addHook('onSend', varyOnCountry(countryHeader));

    route(app, e.open).handle({
      authenticate: viewerOf,
      handler: async ({ query: { albumId }, auth: guestId, request }) =>
        gallery.open(albumId, guestId, country(request)),
    });
    route(app, e.openByPost).handle({
      authenticate: viewerOf,
      // A POST without a body asks like a GET without albumId: the same 400 naming albumId.
      refine: { body: z.preprocess((body) => body ?? {}, AlbumIdQuerySchema) },
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ body: { albumId }, auth: guestId, request }) =>
        gallery.open(albumId, guestId, country(request)),
    });

    app.get('/gallery/getPreview', async (request) => {
      const guestId = await viewerOf(request);
      const { albumId } = parseInput(AlbumIdQuerySchema, request.query);
      return { success: true, data: await gallery.preview(albumId, guestId, country(request)) };
    });

    const sedcards = async (request: FastifyRequest) => {
      const guestId = await viewerOf(request);
      const params = parseInput(SedcardParamsSchema, request.params);
      const options = parseInput(SedcardPayloadSchema, payloadOf(params.payload));
      const actor = /^\d+$/.test(params.actorIdOrName)
        ? { id: Number(params.actorIdOrName) }
        : { slug: params.actorIdOrName.toLowerCase() };
      if ('id' in actor && !Number.isSafeInteger(actor.id))
        throw new AppError('VALIDATION_ERROR', 'actorIdOrName: not an id', 400);
      const { ageRating, ...paging } = options;
      return {
        success: true,
        data: await gallery.sedcard(actor, guestId, { maxAgeRating: ageRating, ...paging }, country(request)),
      };
    };
    app.get('/gallery/getsedcards/:actorIdOrName', sedcards);
    app.get('/gallery/getsedcards/:actorIdOrName/:payload', sedcards);

    const guestWithBody = { authenticate: requireGuest, options: { bodyLimit: BODY_LIMIT } };

    route(app, e.rateAlbum).handle({
      ...guestWithBody,
      handler: async ({ body, auth: guestId, request }) =>
        gallery.rateAlbum(guestId, body.albumId, body.guestRating, country(request)),
    });

    route(app, e.ratePicture).handle({
      ...guestWithBody,
      handler: async ({ body, auth: guestId, request }) =>
        gallery.ratePicture(guestId, body.pictureId, body.guestRating, country(request)),
    });

    route(app, e.rateSedcard).handle({
      ...guestWithBody,
      handler: async ({ params: { actorId }, body, auth: guestId, request }) =>
        gallery.rateSedcard(guestId, actorId, body.guestRating, country(request)),
    });

    route(app, e.comments).handle({
      authenticate: viewerOf,
      handler: async ({ query, auth: guestId, request }) =>
        gallery.comments(query.albumId, guestId, query.limit, query.offset, country(request)),
    });

    route(app, e.postComment).handle({
      ...guestWithBody,
      handler: async ({ body, auth: guestId, request }) =>
        gallery.postComment(guestId, body.albumId, body.commentText, country(request)),
    });

    app.get('/gallery/getPinnedPhotos', async (request) => {
      const guestId = await requireGuest(request);
      // Pinned over the socket (pinPicture/unpinPicture, spec 4 Favorites); newest pin first.
      return { success: true, data: await gallery.pinnedPhotos(guestId, country(request)) };
    });
  };
}
