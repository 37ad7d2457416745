/** Tracker and browser logger REST routes, mounted under `/rest/v1`. */
import type { Db } from '@vela/db/client';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import { createTrackerRepository } from './tracker.repository.ts';
import { TrackEventSchema, WebsocketConnectionErrorSchema } from './tracker.schema.ts';
import { createTrackerService, websocketErrorLogLine } from './tracker.service.ts';

/** Bodies beyond this are refused with 413 before parsing. */
const TRACK_BODY_LIMIT = 16 * 1024;
const LOGGER_BODY_LIMIT = 2 * 1024;

export function trackerRoutes({ db }: { db: Db }): FastifyPluginAsync {
  const tracker = createTrackerService(createTrackerRepository(db));
  return async (app) => {
    app.post('/tracker/track', { bodyLimit: TRACK_BODY_LIMIT }, async (request, reply) => {
      const event = parseInput(TrackEventSchema, request.body);
      // Guest sessions do not exist yet: events are stored without a session key until they do.
      await tracker.track(event, null);
      return reply.code(204).send();
    });

    // Spec 7/8: a page's socket closed unexpectedly or missed a pong (once per connection).
    app.post('/logger/websocketConnectionError', { bodyLimit: LOGGER_BODY_LIMIT }, async (request) => {
      const report = parseInput(WebsocketConnectionErrorSchema, request.body);
      request.log.warn({ websocketError: websocketErrorLogLine(report) }, 'page socket error');
      return { success: true };
    });
  };
}
