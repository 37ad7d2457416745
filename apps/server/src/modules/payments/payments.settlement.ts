/**
 * How a charge is decided (decision 0012): the one success path that credits it, declines, and the
 * provider's callbacks, which take the same two paths. A succeeded charge is credited by ONE ledger
 * top-up with key `charge:<charge id>` and becomes `succeeded` with its transfer id in the SAME
 * transaction, so a charge is credited once whatever arrives twice or out of order.
 */
import { AppError } from '../../http/errors.ts';
import { CLEARING_OWNER } from '../wallet/wallet.service.ts';
import type { PaymentsContext } from './payments.context.ts';
import type { ProviderEvent } from './payments.provider.ts';
import {
  type ChargeRow,
  createPaymentsRepository,
  FINAL_STATUSES,
  OPEN_STATUSES,
} from './payments.repository.ts';

/** Who reported the decision: the provider's reference of the charge, and the callback if any. */
export interface DecisionSource {
  providerRef?: string;
  /** The callback that reported it (recorded in the deciding transaction; a repeated id changes nothing). */
  event?: ProviderEvent;
}

export interface Settlement {
  /**
   * Credits a charge once and marks it succeeded in the same transaction. Answers 'credited',
   * 'duplicate' (event seen before) or 'final' (the charge was decided already).
   */
  credit(row: ChargeRow, source?: DecisionSource): Promise<'credited' | 'duplicate' | 'final'>;
  /** Declines or fails an open charge (nothing was credited); a decided charge stays as it is. */
  decline(
    row: ChargeRow,
    status: 'declined' | 'failed',
    declineCode: string,
    source?: DecisionSource,
  ): Promise<'changed' | 'duplicate' | 'final'>;
  /** A verified provider event: applies it once; repeated or late events change nothing. */
  applyEvent(event: ProviderEvent): Promise<'credited' | 'changed' | 'duplicate' | 'final'>;
}

class DuplicateEvent extends Error {}
class ChargeAlreadyFinal extends Error {}

function callbackValues(chargeId: number, event: ProviderEvent) {
  return {
    eventId: event.eventId,
    chargeId,
    type: event.type,
    payload: { ...event } as Record<string, unknown>,
  };
}

export function createSettlement(
  context: Pick<PaymentsContext, 'db' | 'wallet' | 'repository' | 'log'>,
): Settlement {
  const { db, wallet, repository } = context;

  async function credit(
    row: ChargeRow,
    options: DecisionSource = {},
  ): Promise<'credited' | 'duplicate' | 'final'> {
    const [clearing, guestWallet] = await Promise.all([
      wallet.accountOf('provider-clearing', CLEARING_OWNER),
      wallet.walletOf(row.guestId),
    ]);
    const { event } = options;
    try {
      const result = await wallet.transfer(
        {
          idempotencyKey: `charge:${row.publicId}`,
          kind: 'top-up',
          postings: [
            { account: clearing.id, amountCents: -row.amountCents },
            { account: guestWallet.id, amountCents: row.amountCents },
          ],
          reference: { chargeId: row.publicId, flow: row.flow, paytype: row.paytype, guestId: row.guestId },
        },
        async (_store, transferId, tx) => {
          const store = createPaymentsRepository(tx);
          const locked = await store.lockCharge(row.id);
          if (event && !(await store.recordCallback(callbackValues(row.id, event))))
            throw new DuplicateEvent();
          if (!locked || FINAL_STATUSES.includes(locked.status)) throw new ChargeAlreadyFinal();
          await store.moveCharge(row.id, OPEN_STATUSES, {
            status: 'succeeded',
            transferId,
            declineCode: null,
            ...(options.providerRef ? { providerRef: options.providerRef } : {}),
          });
        },
      );
      if (result.replayed) {
        // Credited before: a new event is kept (it changes nothing), a known one is a repeat.
        if (event && !(await repository.recordCallback(callbackValues(row.id, event)))) return 'duplicate';
        return 'final';
      }
      context.log.info(
        { guestId: row.guestId, charge: row.publicId, amountCents: row.amountCents },
        'charge credited',
      );
      return 'credited';
    } catch (error) {
      if (error instanceof DuplicateEvent) return 'duplicate';
      if (error instanceof ChargeAlreadyFinal) {
        // Out of order: the charge was decided before; the event is kept, nothing moves.
        if (event && !(await repository.recordCallback(callbackValues(row.id, event)))) return 'duplicate';
        return 'final';
      }
      throw error;
    }
  }

  async function decline(
    row: ChargeRow,
    status: 'declined' | 'failed',
    declineCode: string,
    options: DecisionSource = {},
  ): Promise<'changed' | 'duplicate' | 'final'> {
    return db.transaction(async (tx) => {
      const store = createPaymentsRepository(tx);
      const locked = await store.lockCharge(row.id);
      if (options.event && !(await store.recordCallback(callbackValues(row.id, options.event))))
        return 'duplicate';
      if (!locked || FINAL_STATUSES.includes(locked.status)) return 'final';
      await store.moveCharge(row.id, OPEN_STATUSES, {
        status,
        declineCode,
        ...(options.providerRef ? { providerRef: options.providerRef } : {}),
      });
      // A mandate saved with this very debit is not kept when the bank returned the debit.
      if (status === 'failed' && locked.paytype === 'LS' && locked.methodId !== null) {
        await store.retireMethodSavedSince(locked.methodId, locked.createdAt);
      }
      return 'changed';
    });
  }

  return {
    credit,
    decline,
    async applyEvent(event) {
      const row = await repository.chargeByPublicId(event.chargeRef);
      if (!row) throw new AppError('UNKNOWN_CHARGE', 'The callback names no known charge', 404);
      if (event.amountCents !== row.amountCents) {
        throw new AppError('AMOUNT_MISMATCH', 'The callback amount differs from the charge', 400);
      }
      if (event.type === 'charge.succeeded') return credit(row, { event });
      return decline(
        row,
        event.type === 'charge.declined' ? 'declined' : 'failed',
        event.declineCode ?? (event.type === 'charge.declined' ? 'card_declined' : 'payment_failed'),
        { event },
      );
    },
  };
}
