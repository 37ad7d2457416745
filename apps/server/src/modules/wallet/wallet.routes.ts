/**
 * Wallet REST routes of the logged-in guest, mounted under `/rest/v1` (spec 7): `guest/getGuestBalance`
 * and `guest/transactions`. Always the caller's own wallet; per guest: `Cache-Control: no-store`.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { presentBalance, presentTransactions } from './wallet.presenter.ts';
import { TransactionsQuerySchema } from './wallet.schema.ts';
import type { WalletService } from './wallet.service.ts';

export function walletRoutes(deps: { auth: GuestAuth; wallet: WalletService }): FastifyPluginAsync {
  const { auth, wallet } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);

    app.get('/guest/getGuestBalance', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: presentBalance(await wallet.guestBalance(guestId)) };
    });

    app.get('/guest/transactions', async (request) => {
      const guestId = await requireGuest(request);
      const query = parseInput(TransactionsQuerySchema, request.query);
      const rows = await wallet.historyOf(guestId, {
        limit: query.limit,
        ...(query.before === undefined ? {} : { before: query.before }),
      });
      return { success: true, data: presentTransactions(rows, query.limit) };
    });
  };
}
