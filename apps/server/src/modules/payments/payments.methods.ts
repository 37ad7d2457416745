/**
 * The guest's stored payment methods (flows changecc / changels): a new card or mandate is verified
 * at the provider, then becomes the active method of its paytype.
 */
import type { ChangeMethodRequest, PaymentMethod } from '@vela/contracts/payment-api';
import { cardLabel, ibanLabel } from '@vela/domain/payments';
import { AppError } from '../../http/errors.ts';
import { createRateLimiter, type Limit } from '../../infra/rate-limit.ts';
import type { PaymentsContext } from './payments.context.ts';
import { presentMethod } from './payments.presenter.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import type { PaymentSources } from './payments.sources.ts';

/** New or changed payment methods per guest. */
export const METHOD_CHANGES_PER_GUEST: Limit = { name: 'method-guest', max: 10, windowMs: 60 * 60 * 1000 };

export interface PaymentMethods {
  /** The guest's active methods (at most one per paytype). */
  methods(guestId: number): Promise<PaymentMethod[]>;
  /** Verified at the provider, then the active method of its paytype. */
  changeMethod(guestId: number, request: ChangeMethodRequest): Promise<PaymentMethod>;
}

export function createPaymentMethods(
  context: Pick<PaymentsContext, 'db' | 'repository' | 'guestState' | 'provider' | 'rateLimits'>,
  parts: { sources: PaymentSources },
): PaymentMethods {
  const { repository } = context;
  const limiter = createRateLimiter(context.rateLimits);
  return {
    async methods(guestId) {
      return (await repository.activeMethods(guestId)).map(presentMethod);
    },
    async changeMethod(guestId, request) {
      const guest = await context.guestState(guestId);
      if (!guest) throw new AppError('NOT_LOGGED_IN', 'Log in to pay', 401);
      const method =
        request.paytype === 'CC'
          ? (() => {
              const digits = parts.sources.checkedCard(request.card);
              return { source: { kind: 'card' as const, digits }, label: cardLabel(digits) };
            })()
          : (() => {
              const iban = parts.sources.checkedIban(request.sepa.iban);
              return { source: { kind: 'sepa' as const, iban }, label: ibanLabel(iban) };
            })();
      await limiter.take(METHOD_CHANGES_PER_GUEST, String(guestId));
      const verified = await context.provider().tokenize(method.source);
      if (!verified.ok) {
        throw new AppError('CARD_DECLINED', 'The card was declined; try another card', 402);
      }
      const saved = await context.db.transaction(async (tx) => {
        const store = createPaymentsRepository(tx);
        await store.lockSettings(guestId);
        return store.replaceMethod({
          guestId,
          paytype: request.paytype,
          label: method.label,
          providerRef: verified.token,
        });
      });
      return presentMethod(saved);
    },
  };
}
