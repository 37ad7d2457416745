/**
 * The wallet module's routes and snapshot part (issue 4): the guest's balance and transactions
 * with their receipts, and the balance a page resyncs from after every socket (re)connect. The
 * wallet service itself is a shared dependency of every module (FeatureModuleDeps.wallet).
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { walletRoutes } from './wallet.routes.ts';
import { guestBalanceEvent } from './wallet.service.ts';

export function createWalletModule(
  deps: Pick<FeatureModuleDeps, 'auth' | 'wallet' | 'guests'>,
): FeatureModule {
  return {
    rest: walletRoutes({ auth: deps.auth, wallet: deps.wallet }),
    snapshot: async (guestId) => {
      const money = await deps.guests.moneyStateOf(guestId);
      const { type: _type, ...balance } = guestBalanceEvent(money.balanceCents, money.isPayingCustomer);
      return { balance };
    },
  };
}
