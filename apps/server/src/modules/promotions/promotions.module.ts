/**
 * The promotions module of issue 4 (see feature-module.ts): vouchers, bonus codes, item purchases and
 * the operator API for codes, vouchers and refunds (docs/decisions/0014). Its job: on start it
 * credits coin redemptions left without their credit by a crash, and listens to the wallet to pay
 * on-top bonuses on the next succeeded top-up.
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { promotionsGraphql } from './promotions.graphql.ts';
import { promotionsInternalRoutes } from './promotions.internal.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import {
  createPromotionsService,
  type PromotionsDeps,
  type PromotionsService,
} from './promotions.service.ts';

export interface PromotionsModule extends FeatureModule {
  /** The use cases (the query-language service's Guest.vouchers reads the vouchers). */
  service: PromotionsService;
}

export function createPromotionsModule(
  deps: FeatureModuleDeps & Pick<PromotionsDeps, 'chargeIdOf' | 'items' | 'isVip'>,
): PromotionsModule {
  const service = createPromotionsService({
    db: deps.db,
    bus: deps.bus,
    wallet: deps.wallet,
    guests: deps.guests,
    chargeIdOf: deps.chargeIdOf,
    items: deps.items,
    log: deps.log,
    ...(deps.notify ? { notify: deps.notify } : {}),
    ...(deps.isVip ? { isVip: deps.isVip } : {}),
  });
  let unsubscribe: (() => void) | null = null;
  return {
    service,
    rest: promotionsRoutes({
      auth: deps.auth,
      promotions: service,
      countryHeader: deps.config.countryHeader,
    }),
    internal: promotionsInternalRoutes({ promotions: service, wallet: deps.wallet }),
    graphql: promotionsGraphql(service),
    snapshot: async (guestId) => ({ vouchers: (await service.vouchers(guestId)).vouchers }),
    async start() {
      unsubscribe = deps.wallet.onWalletChange((change) => service.onWalletChange(change));
      // A failure here (database not reachable yet) must not stop the server; the next start retries.
      try {
        const settled = await service.settleUnsettled();
        if (settled > 0) deps.log.warn({ settled }, 'bonus credits settled after a restart');
      } catch (error) {
        deps.log.error({ err: error }, 'bonus credits could not be settled at start');
      }
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
