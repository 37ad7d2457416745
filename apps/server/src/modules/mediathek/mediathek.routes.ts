/**
 * REST of the media library under /rest/v1 (declared in @vela/contracts/mediathek, decision 0032).
 * Logged-in guests only (a visitor gets 401 before anything about the input); always the caller's
 * own lists; answers per guest (`no-store`).
 *
 * - GET    mediathek/videos/:section            shop, archive (others: empty, available false)
 * - GET    mediathek/photos/:section            shop, pinned, archive (others: empty, available false)
 * - GET    mediathek/playlists                  the guest's playlists
 * - POST   mediathek/playlists {name}           create (at most 50)
 * - GET    mediathek/playlists/:id              one playlist with its videos in order
 * - POST   mediathek/playlists/:id {name?, videoIds?}  rename and/or the whole new order
 * - DELETE mediathek/playlists/:id
 * - POST   mediathek/playlists/:id/items {videoId}     add a video the guest may watch in full
 * - DELETE mediathek/playlists/:id/items/:videoId
 * - POST   mediathek/archive {mediaType, itemId}; DELETE mediathek/archive/:mediaType/:itemId (restore)
 */
import { mediathekEndpoints } from '@vela/contracts/mediathek';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { MediathekService } from './mediathek.service.ts';

const BODY_LIMIT = 4 * 1024;
/** The whole order of a full playlist (500 ids) fits. */
const ORDER_BODY_LIMIT = 16 * 1024;

export function mediathekRoutes(deps: {
  auth: GuestAuth;
  mediathek: MediathekService;
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, mediathek, countryHeader } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;
  const country = (request: FastifyRequest) => countryOf(request.headers, countryHeader);

  return async (app) => {
    privateResponses(app);
    const e = mediathekEndpoints;
    const guest = { authenticate: requireGuest };
    const withBody = { authenticate: requireGuest, options: { bodyLimit: BODY_LIMIT } };

    route(app, e.videoSection).handle({
      ...guest,
      handler: ({ params, query, auth: guestId, request }) =>
        mediathek.videoSection(guestId, params.section, query, country(request)),
    });
    route(app, e.photoSection).handle({
      ...guest,
      handler: ({ params, query, auth: guestId, request }) =>
        mediathek.photoSection(guestId, params.section, query, country(request)),
    });
    route(app, e.playlists).handle({
      ...guest,
      handler: ({ auth: guestId }) => mediathek.playlists(guestId),
    });
    route(app, e.createPlaylist).handle({
      ...withBody,
      handler: ({ body, auth: guestId }) => mediathek.createPlaylist(guestId, body.name),
    });
    route(app, e.playlist).handle({
      ...guest,
      handler: ({ params, auth: guestId, request }) =>
        mediathek.playlist(guestId, params.playlistId, country(request)),
    });
    route(app, e.savePlaylist).handle({
      authenticate: requireGuest,
      options: { bodyLimit: ORDER_BODY_LIMIT },
      handler: ({ params, body, auth: guestId, request }) =>
        mediathek.savePlaylist(guestId, params.playlistId, body, country(request)),
    });
    route(app, e.deletePlaylist).handle({
      ...guest,
      handler: ({ params, auth: guestId }) => mediathek.deletePlaylist(guestId, params.playlistId),
    });
    route(app, e.addToPlaylist).handle({
      ...withBody,
      handler: ({ params, body, auth: guestId, request }) =>
        mediathek.addToPlaylist(guestId, params.playlistId, body.videoId, country(request)),
    });
    route(app, e.removeFromPlaylist).handle({
      ...guest,
      handler: ({ params, auth: guestId }) =>
        mediathek.removeFromPlaylist(guestId, params.playlistId, params.videoId),
    });
    route(app, e.archive).handle({
      ...withBody,
      handler: ({ body, auth: guestId }) => mediathek.archive(guestId, body.mediaType, body.itemId),
    });
    route(app, e.restore).handle({
      ...guest,
      handler: ({ params, auth: guestId }) => mediathek.restore(guestId, params.mediaType, params.itemId),
    });
  };
}
