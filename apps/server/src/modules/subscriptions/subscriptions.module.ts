/** The subscriptions module of issue 4 (see feature-module.ts): REST, the operator route and the renewal job. */
import type { SubscriptionProduct } from '@vela/domain/subscriptions';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { subscriptionsGraphql } from './subscriptions.graphql.ts';
import { createRenewalJob } from './subscriptions.job.ts';
import { subscriptionInternalRoutes, subscriptionRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService, type VipReleasesValue } from './subscriptions.service.ts';

export function createSubscriptionsModule(
  deps: FeatureModuleDeps & {
    /** The products sold; default: the domain's offer (a product that delivers something). */
    offered?: readonly SubscriptionProduct[];
    /** The videos module's read port (the VIP30 value of a period). */
    vipReleasesValueCents: VipReleasesValue;
  },
): FeatureModule & { service: ReturnType<typeof createSubscriptionsService> } {
  const service = createSubscriptionsService({
    db: deps.db,
    wallet: deps.wallet,
    bus: deps.bus,
    log: deps.log,
    ...(deps.notify ? { notify: deps.notify } : {}),
    ...(deps.offered ? { offered: deps.offered } : {}),
    vipReleasesValueCents: deps.vipReleasesValueCents,
  });
  const job = createRenewalJob({
    run: () => service.runRenewals(),
    intervalMs: deps.config.subscriptionJobIntervalMs,
    log: deps.log,
  });
  return {
    service,
    rest: subscriptionRoutes({
      auth: deps.auth,
      service,
      secureCookies: deps.config.publicOrigin.startsWith('https:'),
    }),
    internal: subscriptionInternalRoutes({ runNow: job.runNow }),
    graphql: subscriptionsGraphql(service),
    // The VIP and VXTV statuses a page resyncs from after every socket (re)connect.
    snapshot: (guestId) => service.aboStatuses(guestId),
    start: () => job.start(),
    stop: () => job.stop(),
  };
}
