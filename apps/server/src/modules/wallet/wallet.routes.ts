/**
 * Wallet REST routes of the logged-in guest, mounted under `/rest/v1` (spec 7): `guest/getGuestBalance`
 * and `guest/transactions`, and the receipt of one movement (`guest/transactions/:transferId/receipt`). Always the caller's own wallet; per guest: `Cache-Control: no-store`.
 */

import { walletEndpoints } from '@vela/contracts/wallet-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { presentBalance, presentReceipt, presentTransactions } from './wallet.presenter.ts';
import type { WalletService } from './wallet.service.ts';

export function walletRoutes(deps: { auth: GuestAuth; wallet: WalletService }): FastifyPluginAsync {
  const { auth, wallet } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);

    route(app, walletEndpoints.guestBalance).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId }) => presentBalance(await wallet.guestBalance(guestId)),
    });

    route(app, walletEndpoints.transactions).handle({
      authenticate: requireGuest,
      handler: async ({ query, auth: guestId }) => {
        const rows = await wallet.historyOf(guestId, {
          limit: query.limit,
          ...(query.before === undefined ? {} : { before: query.before }),
        });
        return presentTransactions(rows, query.limit);
      },
    });

    // Another guest's transfer answers exactly like one that does not exist (nothing to probe).
    route(app, walletEndpoints.receipt).handle({
      authenticate: requireGuest,
      handler: async ({ params: { transferId }, auth: guestId }) => {
        const row = await wallet.entryOf(guestId, transferId);
        if (!row) throw new AppError('TRANSACTION_NOT_FOUND', 'No such transaction in your wallet', 404);
        return presentReceipt(row);
      },
    });
  };
}
