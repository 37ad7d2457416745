/**
 * The clash module (issue 18, decision 0053): clash of cams voting. It owns `clashes` and
 * `clash_votes`. Routes: `GET clashes/current?actorId=` (public; the asking guest's vote if logged in),
 * `POST clashes/:clashId/vote` (a logged-in guest), and the operator's `POST internal/clashes`. A job
 * announces each clash's final totals once its window closed (and frees its performers). The demo's
 * clashes (demo/demo-shows.job.ts) start through `service.startUnlessStartedSince`.
 */
import { clashEndpoints, clashOperatorEndpoints } from '@vela/contracts/live-events';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import type { ActorChatReads } from '../catalog/actor-chat.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createClashRepository } from './clash.repository.ts';
import { type ClashService, createClashService } from './clash.service.ts';

/** How often the end job looks for clashes that closed. */
export const CLASH_SWEEP_MS = 2_000;

export interface ClashModule extends FeatureModule {
  service: ClashService;
}

export function createClashModule(
  deps: Pick<FeatureModuleDeps, 'db' | 'bus' | 'auth' | 'log'> & {
    actors: Pick<ActorChatReads, 'actorForChat'>;
    now?: () => number;
  },
): ClashModule {
  const service = createClashService({
    repository: createClashRepository(deps.db),
    actors: deps.actors,
    bus: deps.bus,
    now: deps.now ?? Date.now,
    log: deps.log,
  });
  let timer: NodeJS.Timeout | undefined;

  const rest: FastifyPluginAsync = async (app) => {
    privateResponses(app);
    route(app, clashEndpoints.current).handle({
      handler: async ({ query, request }) =>
        service.current(query.actorId, (await deps.auth.authenticate(request))?.guestId ?? null),
    });
    route(app, clashEndpoints.vote).handle({
      authenticate: async (request) => (await deps.auth.requireGuest(request)).guestId,
      handler: ({ params, body, auth: guestId }) => service.vote(guestId, params.clashId, body.actorId),
    });
  };
  const internal: FastifyPluginAsync = async (app) => {
    route(app, clashOperatorEndpoints.start).handle({
      handler: async ({ body, request }) => {
        const view = await service.start(body.actorIds, body.minutes);
        request.log.info(
          { operator: { action: 'clash.start', clashId: view.clashId } },
          'internal api: clash.start',
        );
        return view;
      },
    });
  };

  return {
    service,
    rest,
    internal,
    start() {
      timer = setInterval(() => {
        service
          .sweep()
          .catch((error: unknown) => deps.log.error({ err: error }, 'clash: ends not announced'));
      }, CLASH_SWEEP_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      service.stop();
    },
  };
}
