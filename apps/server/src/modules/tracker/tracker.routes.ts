/** Tracker and browser logger REST routes, mounted under `/rest/v1`, registered from `trackerEndpoints`. */
import { trackerEndpoints } from '@vela/contracts/tracker-api';
import type { Db } from '@vela/db/client';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { createTrackerRepository } from './tracker.repository.ts';
import { createTrackerService, websocketErrorLogLine } from './tracker.service.ts';

/** Bodies beyond this are refused with 413 before parsing. */
const TRACK_BODY_LIMIT = 16 * 1024;
const LOGGER_BODY_LIMIT = 2 * 1024;

export function trackerRoutes({ db }: { db: Db }): FastifyPluginAsync {
  const tracker = createTrackerService(createTrackerRepository(db));
  return async (app) => {
    route(app, trackerEndpoints.track).handle({
      options: { bodyLimit: TRACK_BODY_LIMIT },
      handler: async ({ body }) => {
        // Guest sessions do not exist yet: events are stored without a session key until they do.
        await tracker.track(body, null);
        return undefined;
      },
    });

    // Spec 7/8: a page's socket closed unexpectedly or missed a pong (once per connection).
    route(app, trackerEndpoints.websocketConnectionError).handle({
      options: { bodyLimit: LOGGER_BODY_LIMIT },
      handler: async ({ body, request }) => {
        request.log.warn({ websocketError: websocketErrorLogLine(body) }, 'page socket error');
        return undefined;
      },
    });
  };
}
