/**
 * The age verification module (spec 4): the guest's AVS routes with the sandbox provider's
 * decision page, the caller's AVS state in the query-language service, and the AVS status a page
 * resyncs from after every socket (re)connect. The operator's queue and decisions are routes of the
 * internal API (internal.routes.ts), which gets this module's service.
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { avsGraphql } from './avs.graphql.ts';
import { createSandboxAvsProvider } from './avs.provider.ts';
import { avsRoutes } from './avs.routes.ts';
import { type AvsService, createAvsService } from './avs.service.ts';

export interface AvsModule extends FeatureModule {
  service: AvsService;
}

export function createAvsModule(
  deps: Pick<
    FeatureModuleDeps,
    'db' | 'bus' | 'auth' | 'guests' | 'config' | 'log' | 'ageGate' | 'notify'
  > & {
    /** The session secret: the sandbox page links are derived from it (the same on every node). */
    secret: string;
  },
): AvsModule {
  const service = createAvsService({
    db: deps.db,
    bus: deps.bus,
    // The guest's AVS fields are columns of the guests module's table (decision 0030).
    guests: deps.guests,
    provider: createSandboxAvsProvider(),
    // The sandbox provider's own approve/reject page (issue 14), reached from the dialog's AVS view.
    sandboxLinks: { publicOrigin: deps.config.publicOrigin, secret: async () => deps.secret },
    log: deps.log,
    ...(deps.notify ? { notify: deps.notify } : {}),
  });
  return {
    service,
    rest: avsRoutes({ auth: deps.auth, avs: service, gate: deps.ageGate, payOrigin: deps.config.payOrigin }),
    graphql: avsGraphql(service),
    snapshot: async (guestId) => ({ avsStatus: (await service.status(guestId)).avsStatus }),
  };
}
