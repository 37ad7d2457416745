/**
 * Presence (issue 6): the operator route that sets a performer online or offline, and the demo's
 * performer activity simulator (PRESENCE_SIMULATOR_INTERVAL_MS; 0 off).
 *
 * - POST internal/actors/:actorId/presence {online}  answers {changed, online, onlineTotal, notified}
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError, parseInput } from '../../http/errors.ts';
import { createIntervalJob } from '../../infra/interval-job.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type ActorPresence, createPresenceService, type PresenceService } from './presence.service.ts';

const ActorParamsSchema = z.object({
  actorId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const PresenceRequestSchema = z.strictObject({ online: z.boolean() });

export interface PresenceModule extends FeatureModule {
  service: PresenceService;
}

export function createPresenceModule(
  deps: FeatureModuleDeps & {
    notifications: Pick<NotificationsService, 'favoriteOnline'>;
    /** The performers' online flag, the catalog's (decision 0030). */
    actors: ActorPresence;
  },
): PresenceModule {
  const service = createPresenceService({
    bus: deps.bus,
    actors: deps.actors,
    notifications: deps.notifications,
    log: deps.log,
  });
  const simulator = createIntervalJob({
    name: 'performer activity simulator',
    run: () => service.simulateStep(deps.config.presenceSimulatorIntervalMs),
    intervalMs: deps.config.presenceSimulatorIntervalMs,
    log: deps.log,
  });

  const internal: FastifyPluginAsync = async (app) => {
    app.post('/actors/:actorId/presence', async (request) => {
      const { actorId } = parseInput(ActorParamsSchema, request.params);
      const { online } = parseInput(PresenceRequestSchema, request.body);
      const change = await service.setOnline(actorId, online);
      if (!change) throw new AppError('ACTOR_NOT_FOUND', 'No such actor', 404);
      request.log.info(
        { operator: { action: 'actor.presence', actorId, online, changed: change.changed } },
        'internal api: actor.presence',
      );
      return { success: true, data: change };
    });
  };

  return {
    service,
    internal,
    start: () => simulator.start(),
    stop: () => simulator.stop(),
  };
}
