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
import { privateResponses } from '../../http/private.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { GalleryService } from './gallery.service.ts';

const BODY_LIMIT = 16 * 1024;

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

    route(app, e.preview).handle({
      authenticate: viewerOf,
      handler: async ({ query: { albumId }, auth: guestId, request }) =>
        gallery.preview(albumId, guestId, country(request)),
    });

    for (const sedcards of [e.sedcards, e.sedcardsWithPayload])
      route(app, sedcards).handle({
        authenticate: viewerOf,
        handler: async ({ params: { actor, options }, auth: guestId, request }) =>
          gallery.sedcard(actor, guestId, options, country(request)),
      });

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
