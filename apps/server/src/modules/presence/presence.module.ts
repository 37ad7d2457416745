/**
 * Presence (issue 6): the operator route that sets a performer online or offline, and the demo's
 * performer activity simulator (PRESENCE_SIMULATOR_INTERVAL_MS; 0 off).
 *
 * - POST internal/actors/:actorId/presence {online}  answers {changed, online, onlineTotal, notified}
 *   (registered from `presenceOperatorEndpoints`, decision 0032)
 */
import { presenceOperatorEndpoints } from '@vela/contracts/operator-api';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { createIntervalJob } from '../../infra/interval-job.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type ActorPresence, createPresenceService, type PresenceService } from './presence.service.ts';

export interface PresenceModule extends FeatureModule {
  service: PresenceService;
}

export function createPresenceModule(
  deps: FeatureModuleDeps & {
    notifications: Pick<NotificationsService, 'favoriteOnline'>;
    /** The performers' online flag, the catalog's (decision 0030). */
    actors: ActorPresence;
    /** Whether a performer is in a live chat (the live module's): the simulator leaves it online. */
    inChat?: (actorId: number) => boolean;
  },
): PresenceModule {
  const service = createPresenceService({
    bus: deps.bus,
    actors: deps.actors,
    notifications: deps.notifications,
    log: deps.log,
    ...(deps.inChat ? { inChat: deps.inChat } : {}),
  });
  const simulator = createIntervalJob({
    name: 'performer activity simulator',
    run: () => service.simulateStep(deps.config.presenceSimulatorIntervalMs),
    intervalMs: deps.config.presenceSimulatorIntervalMs,
    log: deps.log,
  });

  const internal: FastifyPluginAsync = async (app) => {
    route(app, presenceOperatorEndpoints.setPresence, 'internal/').handle({
      handler: async ({ params: { actorId }, body: { online }, request }) => {
        const change = await service.setOnline(actorId, online);
        if (!change) throw new AppError('ACTOR_NOT_FOUND', 'No such actor', 404);
        request.log.info(
          { operator: { action: 'actor.presence', actorId, online, changed: change.changed } },
          'internal api: actor.presence',
        );
        return change;
      },
    });
  };

  return {
    service,
    internal,
    start: () => simulator.start(),
    stop: () => simulator.stop(),
  };
}
