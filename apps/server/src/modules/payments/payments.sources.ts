/**
 * What a charge or a method change pays with: a new card or SEPA mandate (checked here, 400 before
 * anything is stored), the guest's stored method, or the phone (carrier, voice).
 */
import type { ChargeRequest } from '@vela/contracts/payment-api';
import {
  cardDigits,
  cardExpired,
  cardLabel,
  ibanLabel,
  ibanValid,
  luhnValid,
  normalizeIban,
} from '@vela/domain/payments';
import { AppError } from '../../http/errors.ts';
import type { PaymentsContext } from './payments.context.ts';
import type { ProviderSource } from './payments.provider.ts';

export interface ChargeSource {
  source: ProviderSource;
  /** Label of a new card or mandate (stored when saveMethod is set). */
  newMethod?: { paytype: 'CC' | 'LS'; label: string };
  methodId?: number;
}

export interface PaymentSources {
  /** Checks the card, mandate or stored method of a charge request. */
  sourceOf(guestId: number, request: ChargeRequest): Promise<ChargeSource>;
  /** The digits of a valid, unexpired card (400 INVALID_CARD / CARD_EXPIRED otherwise). */
  checkedCard(card: { number: string; expMonth: number; expYear: number }): string;
  /** The normalized IBAN of a valid one (400 INVALID_IBAN otherwise). */
  checkedIban(input: string): string;
}

export function createPaymentSources(context: Pick<PaymentsContext, 'repository' | 'now'>): PaymentSources {
  async function storedSource(guestId: number, paytype: 'CC' | 'LS'): Promise<ChargeSource> {
    const method = await context.repository.activeMethod(guestId, paytype);
    if (!method)
      throw new AppError('NO_PAYMENT_METHOD', `No stored ${paytype === 'CC' ? 'card' : 'SEPA mandate'}`, 409);
    return { source: { kind: 'token', token: method.providerRef }, methodId: method.id };
  }

  function checkedCard(card: { number: string; expMonth: number; expYear: number }): string {
    const digits = cardDigits(card.number);
    if (!digits || !luhnValid(digits))
      throw new AppError('INVALID_CARD', 'The card number is not valid', 400);
    if (cardExpired(card.expMonth, card.expYear, context.now()))
      throw new AppError('CARD_EXPIRED', 'The card has expired', 400);
    return digits;
  }

  function checkedIban(input: string): string {
    if (!ibanValid(input)) throw new AppError('INVALID_IBAN', 'The IBAN is not valid', 400);
    return normalizeIban(input);
  }

  return {
    checkedCard,
    checkedIban,
    async sourceOf(guestId, request) {
      switch (request.paytype) {
        case 'Voice':
          return { source: { kind: 'voice' } };
        case 'carrier':
          if (!request.carrier)
            throw new AppError(
              'CARRIER_REQUIRED',
              'Carrier billing needs the phone number (carrier.msisdn)',
              400,
            );
          return { source: { kind: 'carrier', msisdn: request.carrier.msisdn } };
        case 'CC': {
          if (request.sepa)
            throw new AppError('VALIDATION_ERROR', 'Paytype CC takes a card, not a SEPA mandate', 400);
          if (request.card) {
            const digits = checkedCard(request.card);
            return {
              source: { kind: 'card', digits },
              newMethod: { paytype: 'CC', label: cardLabel(digits) },
            };
          }
          return storedSource(guestId, 'CC');
        }
        case 'LS': {
          if (request.card)
            throw new AppError('VALIDATION_ERROR', 'Paytype LS takes a SEPA mandate, not a card', 400);
          if (request.sepa) {
            const iban = checkedIban(request.sepa.iban);
            return { source: { kind: 'sepa', iban }, newMethod: { paytype: 'LS', label: ibanLabel(iban) } };
          }
          return storedSource(guestId, 'LS');
        }
      }
    },
  };
}
