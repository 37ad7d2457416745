/**
 * The toys module (issue 18, decision 0052): performers' remote-controlled toys. It owns `toys` (who
 * has one) and `toy_actions` (every paid action), the ToyControl port (toy-control.ts; the demo's
 * simulated toy) and the paid action (toys.service.ts), which the live module's chat uses and issue
 * 19's messenger will. Routes: `GET live/toys/:actorId` (public: has the performer a toy, its state,
 * the presets and prices) and, with PERFORMER_API_SECRET, the performer's `GET performer/toy` (the
 * broadcast page's Toy panel polls it).
 */
import { liveInteractionEndpoints, performerToyEndpoints } from '@vela/contracts/live-interaction';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createPerformerAuth } from '../live/performer.routes.ts';
import { createSimulatedToys, type ToyControl } from './toy-control.ts';
import { toyActionLogView, toyPresetsView, toyStateView } from './toys.presenter.ts';
import { createToysRepository } from './toys.repository.ts';
import { createToysService, type ToysService } from './toys.service.ts';

export interface ToysModule extends FeatureModule {
  service: ToysService;
}

export function createToysModule(
  deps: Pick<FeatureModuleDeps, 'db' | 'wallet' | 'log' | 'config'> & { control?: ToyControl },
): ToysModule {
  const repository = createToysRepository(deps.db);
  const simulated = deps.control ? null : createSimulatedToys({ hasToy: (id) => repository.hasToy(id) });
  const control = deps.control ?? (simulated as ToyControl);
  const service = createToysService({ repository, wallet: deps.wallet, control, log: deps.log });
  const secret = deps.config.performerApiSecret;

  const rest: FastifyPluginAsync = async (app) => {
    route(app, liveInteractionEndpoints.toyOffer).handle({
      handler: async ({ params }) => ({
        available: await service.hasToy(params.actorId),
        state: toyStateView(params.actorId, await service.state(params.actorId)),
        presets: toyPresetsView(),
      }),
    });
    if (!secret) return;
    const authenticate = createPerformerAuth(secret);
    await app.register(async (performer) => {
      privateResponses(performer);
      route(performer, performerToyEndpoints.toy).handle({
        authenticate,
        handler: async ({ auth: actorId }) => ({
          available: await service.hasToy(actorId),
          state: toyStateView(actorId, await service.state(actorId)),
          actions: (await service.recent(actorId)).map(toyActionLogView),
        }),
      });
    });
  };

  return {
    service,
    rest,
    stop() {
      simulated?.close();
    },
  };
}
