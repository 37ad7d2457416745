/** Tile grid REST routes (spec 7 `tileGrid/...`), mounted under `/rest/v1`. */
import { StoreTileGridSettingsSchema, TILE_GRID_TYPES } from '@vela/contracts/videos';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { parseGridPayload, VideoPicturesParamsSchema } from './videos.schema.ts';
import type { VideosService } from './videos.service.ts';

export function videosRoutes(deps: { auth: GuestAuth; videos: VideosService }): FastifyPluginAsync {
  const { auth, videos } = deps;
  return async (app) => {
    // Grids carry the caller's bought flags and stored sort: never cached (spec 7 "uncached").
    privateResponses(app);

    app.get('/tileGrid/get/:type/:payload', async (request) => {
      const { type, payload } = request.params as { type: string; payload: string };
      if (!(TILE_GRID_TYPES as readonly string[]).includes(type))
        throw new AppError('UNKNOWN_GRID_TYPE', `No tile grid of type ${type.slice(0, 40)}`, 400);
      const input = parseGridPayload(payload);
      const caller = await auth.authenticate(request);
      const data = await videos.list(
        {
          category: input.category ?? 'allVideos',
          sort: input.sort ?? null,
          ...(input.filter ? { filter: input.filter } : {}),
          ...(input.offset !== undefined ? { offset: input.offset } : {}),
          ...(input.limit !== undefined ? { limit: input.limit } : {}),
        },
        caller?.guestId ?? null,
      );
      return { success: true, data };
    });

    app.get('/tileGrid/getVideoPictures/:albumId', async (request) => {
      const { albumId } = parseInput(VideoPicturesParamsSchema, request.params);
      return { success: true, data: await videos.pictures(albumId) };
    });

    app.post('/tileGrid/storeTileGridSettings', async (request) => {
      const { guestId } = await auth.requireGuest(request);
      const body = parseInput(StoreTileGridSettingsSchema, request.body);
      return { success: true, data: await videos.storeSettings(guestId, body.type, body.settings) };
    });
  };
}
