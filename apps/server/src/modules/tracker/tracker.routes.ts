/** Tracker REST routes, mounted under `/rest/v1`. */
import type { Db } from '@vela/db/client';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import { createTrackerRepository } from './tracker.repository.ts';
import { TrackEventSchema } from './tracker.schema.ts';
import { createTrackerService } from './tracker.service.ts';

/** Bodies beyond this are refused with 413 before parsing. */
const TRACK_BODY_LIMIT = 16 * 1024;

export function trackerRoutes({ db }: { db: Db }): FastifyPluginAsync {
  const tracker = createTrackerService(createTrackerRepository(db));
  return async (app) => {
    app.post('/tracker/track', { bodyLimit: TRACK_BODY_LIMIT }, async (request, reply) => {
      const event = parseInput(TrackEventSchema, request.body);
      // Guest sessions do not exist yet: events are stored without a session key until they do.
      await tracker.track(event, null);
      return reply.code(204).send();
    });
  };
}
