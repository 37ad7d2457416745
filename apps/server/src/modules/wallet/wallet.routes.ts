/**
 * Wallet REST routes of the logged-in guest, mounted under `/rest/v1` (spec 7): `guest/getGuestBalance`
 * and `guest/transactions`, and the receipt of one movement (`guest/transactions/:transferId/receipt`). Always the caller's own wallet; per guest: `Cache-Control: no-store`.
 */

import { ReceiptParamsSchema } from '@vela/contracts/wallet-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { presentBalance, presentReceipt, presentTransactions } from './wallet.presenter.ts';
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

    // Another guest's transfer answers exactly like one that does not exist (nothing to probe).
    app.get('/guest/transactions/:transferId/receipt', async (request) => {
      const guestId = await requireGuest(request);
      const { transferId } = parseInput(ReceiptParamsSchema, request.params);
      const row = await wallet.entryOf(guestId, transferId);
      if (!row) throw new AppError('TRANSACTION_NOT_FOUND', 'No such transaction in your wallet', 404);
      return { success: true, data: presentReceipt(row) };
    });
  };
}
