/**
 * Operator routes of promotions, mounted under `/rest/v1/internal` behind the internal guard (token +
 * IP allow-list, internal.routes.ts). Every call is validated and logged (action, ids, outcome).
 *
 * - POST internal/bonus-codes                         create a code (one-time: maxRedemptions 1)
 * - GET  internal/bonus-codes?limit=&before=          list codes, newest first
 * - POST internal/guests/:guestId/vouchers            grant a voucher (idempotent by key)
 * - POST internal/transactions/:transferId/refund     a reversing transfer (never an edit)
 *
 * Registered from `promotionsOperatorEndpoints` (decision 0032).
 */
import { promotionsOperatorEndpoints as e } from '@vela/contracts/operator-api';
import type { BonusReward } from '@vela/domain/bonus-codes';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { presentCode, type presentGuestVouchers } from './promotions.presenter.ts';
import type { PromotionsService } from './promotions.service.ts';

const BODY_LIMIT = 16 * 1024;

export function promotionsInternalRoutes(deps: {
  promotions: PromotionsService;
  wallet: WalletService;
}): FastifyPluginAsync {
  const { promotions, wallet } = deps;
  const operatorLog = (request: FastifyRequest, action: string, details: Record<string, unknown>) =>
    request.log.info({ operator: { action, ip: request.ip, ...details } }, `internal api: ${action}`);

  return async (app) => {
    const options = { bodyLimit: BODY_LIMIT };
    const under = 'internal/';

    route(app, e.createBonusCode, under).handle({
      options,
      handler: async ({ body, request }) => {
        const { row, reward } = await promotions.createCode({
          code: body.code,
          reward: body.reward as BonusReward,
          maxRedemptions: body.maxRedemptions,
          validFrom: body.validFrom ? new Date(body.validFrom) : null,
          validUntil: body.validUntil ? new Date(body.validUntil) : null,
          active: body.active,
        });
        operatorLog(request, 'bonus-code.create', {
          codeId: row.id,
          reward: reward.kind,
          maxRedemptions: row.maxRedemptions,
        });
        return presentCode(row, reward);
      },
    });

    route(app, e.bonusCodes, under).handle({
      handler: async ({ query, request }) => {
        const codes = await promotions.listCodes(query.limit, query.before);
        operatorLog(request, 'bonus-code.list', { count: codes.length });
        return { codes: codes.map(({ row, reward }) => presentCode(row, reward)) };
      },
    });

    route(app, e.grantVoucher, under).handle({
      options,
      handler: async ({ params: { guestId }, body, request, reply }) => {
        const { voucher, replayed } = await promotions.grantVoucher(guestId, body);
        operatorLog(request, 'voucher.grant', {
          guestId,
          voucherId: voucher.id,
          type: voucher.type,
          amount: voucher.amount,
          replayed,
        });
        reply.code(replayed ? 200 : 201);
        const { vouchers } = await promotions.vouchers(guestId);
        return {
          voucherId: String(voucher.id),
          replayed,
          vouchers: vouchers satisfies ReturnType<typeof presentGuestVouchers>,
        };
      },
    });

    route(app, e.refund, under).handle({
      options,
      handler: async ({ params: { transferId }, body, request }) => {
        const result = await wallet.refund(transferId, `operator-refund:${body.idempotencyKey}`);
        operatorLog(request, 'transaction.refund', {
          transferId,
          refundTransferId: result.transferId,
          replayed: result.replayed,
          reason: body.reason,
        });
        return {
          refundTransferId: String(result.transferId),
          refundOf: String(transferId),
          replayed: result.replayed,
          entries: result.entries.map((entry) => ({
            accountId: String(entry.accountId),
            amountCents: entry.amountCents,
            balanceAfterCents: entry.balanceAfterCents,
          })),
        };
      },
    });
  };
}
