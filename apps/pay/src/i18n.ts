/** The dialog's messages (packages/i18n/src/messages/pay.ts) in the guest's language. */
import type { Language } from '@vela/contracts/common';
import { payMessages } from '@vela/i18n/messages/pay';
import { type Catalogue, type Translate, translator } from '@vela/i18n/translate';

export type PayMessageKey = typeof payMessages extends Catalogue<infer K> ? K : never;
export type PayTranslate = Translate<PayMessageKey>;

export function payTranslator(lang: Language): PayTranslate {
  return translator(payMessages, lang);
}
