/** The charge flows' messages (packages/i18n/src/messages/pay-payment.ts) in the guest's language. */
import type { Language } from '@vela/contracts/common';
import { payPaymentMessages } from '@vela/i18n/messages/pay-payment';
import { type Catalogue, type Translate, translator } from '@vela/i18n/translate';

export type PaymentKey = typeof payPaymentMessages extends Catalogue<infer K> ? K : never;
export type PaymentTranslate = Translate<PaymentKey>;

export function paymentTranslator(lang: Language): PaymentTranslate {
  return translator(payPaymentMessages, lang);
}
