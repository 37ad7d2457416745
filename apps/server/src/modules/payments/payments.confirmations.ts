/**
 * The guest confirms a charge that waits for them: the SMS code of carrier billing, or the answer
 * on the sandbox bank's 3-D Secure page (which goes to the provider; its callback decides).
 */
import type { Charge } from '@vela/contracts/payment-api';
import { MAX_CARRIER_CODE_ATTEMPTS } from '@vela/domain/payments';
import { AppError } from '../../http/errors.ts';
import { sameHex } from './payments.callbacks.ts';
import { ownCharge } from './payments.charges.ts';
import type { PaymentsContext } from './payments.context.ts';
import type { ChargePresenter } from './payments.presenter.ts';
import type { ChargeRow } from './payments.repository.ts';
import type { Settlement } from './payments.settlement.ts';

export interface Confirmations {
  /** Carrier billing: the SMS code; 3 wrong codes fail the charge. */
  confirm(guestId: number, publicId: string, code: string): Promise<Charge>;
  /** The sandbox bank page: the charge behind a page link, or 404 for a wrong link. */
  challenge(publicId: string, token: string): Promise<ChargeRow>;
  /** The guest's answer on the bank page goes to the provider; its callback decides the charge. */
  answerChallenge(row: ChargeRow, approved: boolean): Promise<ChargeRow>;
}

export function createConfirmations(
  context: Pick<PaymentsContext, 'repository' | 'provider' | 'rateLimits'>,
  parts: { presenter: ChargePresenter; settlement: Settlement },
): Confirmations {
  const { repository } = context;
  const { presenter, settlement } = parts;
  return {
    async confirm(guestId, publicId, code) {
      const row = await ownCharge(repository, guestId, publicId);
      if (row.status !== 'requires_action' || row.paytype !== 'carrier') {
        throw new AppError('CHARGE_NOT_AWAITING_CODE', 'This charge does not wait for a code', 409);
      }
      if (await context.provider().confirmCode(row.providerRef ?? '', code)) {
        await settlement.credit(row);
        return presenter.present((await repository.chargeById(row.id)) ?? row);
      }
      // One counter per charge (atomic; pruned a day after the charge was made).
      const attempts =
        (await context.rateLimits.take(
          `carrier-code:${row.publicId}`,
          row.createdAt,
          new Date(row.createdAt.getTime() + 24 * 60 * 60 * 1000),
          MAX_CARRIER_CODE_ATTEMPTS,
        )) ?? MAX_CARRIER_CODE_ATTEMPTS;
      if (attempts >= MAX_CARRIER_CODE_ATTEMPTS) {
        await settlement.decline(row, 'failed', 'too_many_attempts');
        throw new AppError('WRONG_CODE', 'Wrong code. No tries are left: the payment failed', 400);
      }
      const left = MAX_CARRIER_CODE_ATTEMPTS - attempts;
      throw new AppError('WRONG_CODE', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left`, 400);
    },

    async challenge(publicId, token) {
      const row = await repository.chargeByPublicId(publicId);
      if (!row || !sameHex(await presenter.challengeToken(publicId), token)) {
        throw new AppError('NOT_FOUND', 'No such payment confirmation', 404);
      }
      return row;
    },

    async answerChallenge(row, approved) {
      if (row.status === 'requires_action' && context.provider().actionOf(row.providerRef)?.type === '3ds') {
        await context.provider().completeChallenge(
          {
            chargeRef: row.publicId,
            providerRef: row.providerRef ?? '',
            amountCents: row.amountCents,
            createdAt: row.createdAt,
          },
          approved,
        );
      }
      return (await repository.chargeById(row.id)) ?? row;
    },
  };
}
