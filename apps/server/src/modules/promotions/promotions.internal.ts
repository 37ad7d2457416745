/**
 * Operator routes of promotions, mounted under `/rest/v1/internal` behind the internal guard (token +
 * IP allow-list, internal.routes.ts). Every call is validated and logged (action, ids, outcome).
 *
 * - POST internal/bonus-codes                         create a code (one-time: maxRedemptions 1)
 * - GET  internal/bonus-codes?limit=&before=          list codes, newest first
 * - POST internal/guests/:guestId/vouchers            grant a voucher (idempotent by key)
 * - POST internal/transactions/:transferId/refund     a reversing transfer (never an edit)
 */
import {
  BonusCodesQuerySchema,
  CreateBonusCodeRequestSchema,
  GrantVoucherRequestSchema,
  RefundRequestSchema,
} from '@vela/contracts/promotions-api';
import type { BonusReward } from '@vela/domain/bonus-codes';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/errors.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { presentCode, type presentGuestVouchers } from './promotions.presenter.ts';
import type { PromotionsService } from './promotions.service.ts';

const BODY_LIMIT = 16 * 1024;
const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const GuestParams = z.object({ guestId: Id });
const TransferParams = z.object({ transferId: Id });

export function promotionsInternalRoutes(deps: {
  promotions: PromotionsService;
  wallet: WalletService;
}): FastifyPluginAsync {
  const { promotions, wallet } = deps;
  const operatorLog = (request: FastifyRequest, action: string, details: Record<string, unknown>) =>
    request.log.info({ operator: { action, ip: request.ip, ...details } }, `internal api: ${action}`);

  return async (app) => {
    app.post('/bonus-codes', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const body = parseInput(CreateBonusCodeRequestSchema, request.body);
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
      reply.code(201);
      return { success: true, data: presentCode(row, reward) };
    });

    app.get('/bonus-codes', async (request) => {
      const query = parseInput(BonusCodesQuerySchema, request.query);
      const codes = await promotions.listCodes(query.limit, query.before);
      operatorLog(request, 'bonus-code.list', { count: codes.length });
      return { success: true, data: { codes: codes.map(({ row, reward }) => presentCode(row, reward)) } };
    });

    app.post('/guests/:guestId/vouchers', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const { guestId } = parseInput(GuestParams, request.params);
      const body = parseInput(GrantVoucherRequestSchema, request.body);
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
        success: true,
        data: {
          voucherId: String(voucher.id),
          replayed,
          vouchers: vouchers satisfies ReturnType<typeof presentGuestVouchers>,
        },
      };
    });

    app.post('/transactions/:transferId/refund', { bodyLimit: BODY_LIMIT }, async (request) => {
      const { transferId } = parseInput(TransferParams, request.params);
      const body = parseInput(RefundRequestSchema, request.body);
      const result = await wallet.refund(transferId, `operator-refund:${body.idempotencyKey}`);
      operatorLog(request, 'transaction.refund', {
        transferId,
        refundTransferId: result.transferId,
        replayed: result.replayed,
        reason: body.reason,
      });
      return {
        success: true,
        data: {
          refundTransferId: String(result.transferId),
          refundOf: String(transferId),
          replayed: result.replayed,
          entries: result.entries.map((e) => ({
            accountId: String(e.accountId),
            amountCents: e.amountCents,
            balanceAfterCents: e.balanceAfterCents,
          })),
        },
      };
    });
  };
}
