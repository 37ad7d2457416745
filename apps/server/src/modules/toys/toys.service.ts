/**
 * Toy actions a guest pays for (issue 18, decision 0052). One action: the ledger charge (kind `toy`,
 * key `toy:<context>:<actionId>`, the performer's share through `performerId`) and the log row commit
 * together (`wallet.atomically`), then the toy command through the ToyControl port. The toy refusing
 * (gone, not connected) refunds the charge, exactly once (the refund's own key, and the wallet's
 * one-refund-per-transfer rule), and the row says `refunded`. A resent action (same context and id)
 * answers the stored action and never commands the toy again.
 */
import { CENTS_PER_COIN } from '@vela/domain/coins';
import { TOY_PRESETS, type ToyPreset, type ToyState, toyKey, toyPresetCents } from '@vela/domain/toy-control';
import { AppError } from '../../http/errors.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { ToyControl } from './toy-control.ts';
import type { ToyActionRow, ToysRepository } from './toys.repository.ts';

export interface ToyActRequest {
  guestId: number;
  actorId: number;
  /** Where the action comes from, e.g. `live:<sessionId>`. */
  context: string;
  actionId: string;
  preset: ToyPreset;
  /** The guest's display name (the performer's log). */
  by: string;
}

export interface ToyActResult {
  action: ToyActionRow;
  /** The toy's state after the command (idle when refunded). */
  state: ToyState;
  /** False for a resent action: the stored one, nothing charged or commanded now. */
  fresh: boolean;
}

export interface ToysServiceDeps {
  repository: ToysRepository;
  wallet: Pick<WalletService, 'atomically' | 'refund'>;
  control: ToyControl;
  log: { warn(object: object, message: string): void };
}

export function createToysService(deps: ToysServiceDeps) {
  const { repository, wallet, control } = deps;

  async function refundOnce(action: ToyActionRow): Promise<ToyActionRow> {
    try {
      const refund = await wallet.refund(
        action.transferId,
        `toy-refund:${action.context}:${action.actionId}`,
      );
      await repository.markRefunded(action.id, refund.transferId);
      return { ...action, status: 'refunded', refundTransferId: refund.transferId };
    } catch (error) {
      // Refunded already (a concurrent failure of the same action): the money is back once.
      if (error instanceof AppError && error.code === 'ALREADY_REFUNDED')
        return { ...action, status: 'refunded' };
      throw error;
    }
  }

  return {
    control,
    hasToy: (actorId: number) => repository.hasToy(actorId),
    /** Which of these performers have a toy (the messenger's channel list). */
    withToys: (actorIds: readonly number[]) => repository.withToys(actorIds),
    state: (actorId: number) => control.state(actorId),
    usedIn: (context: string) => repository.usedIn(context),
    recent: (actorId: number, limit = 10) => repository.actionsOf(actorId, limit),

    async act(request: ToyActRequest): Promise<ToyActResult> {
      if (!(await repository.hasToy(request.actorId))) {
        throw new AppError('TOY_NOT_AVAILABLE', 'This performer has no toy to control', 409);
      }
      const preset = TOY_PRESETS[request.preset];
      const cents = toyPresetCents(request.preset);
      const { action, fresh } = await wallet.atomically(async (tx, ledger) => {
        const charge = await ledger.purchase(
          request.guestId,
          cents,
          toyKey(request.context, request.actionId),
          {
            kind: 'toy',
            performerId: request.actorId,
            reference: { context: request.context, preset: request.preset },
          },
        );
        const row = await repository.insertAction(tx, {
          actorId: request.actorId,
          guestId: request.guestId,
          context: request.context,
          actionId: request.actionId,
          preset: request.preset,
          level: preset.level,
          durationMs: preset.durationMs,
          cents,
          transferId: charge.transferId,
          status: 'done',
        });
        return { action: row, fresh: !charge.replayed };
      });
      if (!fresh) return { action, state: await control.state(request.actorId), fresh };
      const result = await control.vibrate(request.actorId, {
        level: preset.level,
        durationMs: preset.durationMs,
        by: request.by,
      });
      if (result.ok) return { action, state: result.state, fresh };
      deps.log.warn({ actorId: request.actorId, reason: result.reason }, 'toy command refused: refunded');
      return { action: await refundOnce(action), state: await control.state(request.actorId), fresh };
    },
  };
}
export type ToysService = ReturnType<typeof createToysService>;

/** Coins of a stored action (whole coins: presets are priced in coins). */
export const actionCoins = (action: Pick<ToyActionRow, 'cents'>) => action.cents / CENTS_PER_COIN;
