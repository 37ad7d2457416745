import type { Language } from '@vela/contracts/common';
import { purchaseMessages } from '@vela/i18n/messages/purchase';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type PurchaseT = Translate<keyof (typeof purchaseMessages)['en']>;

/** The buy button's and the `not-enough-money` modal's translator for a language. */
export function usePurchaseT(lang: Language): PurchaseT {
  return useMemo(() => translator(purchaseMessages, lang), [lang]);
}

/** The buy refusals and failures the page explains in words; any other code reads as UNKNOWN. */
const EXPLAINED = new Set([
  'NETWORK',
  'NOT_FOUND',
  'ACTOR_BLOCKED_IN_COUNTRY',
  'ITEM_FREE',
  'INCLUDED_IN_VIP',
  'NOT_LOGGED_IN',
  'RESTRICTED',
  'RATE_LIMITED',
  'NOT_ENOUGH_MONEY',
]);

/** The words for a buy error code (spec 8 codes mapped to what a person can act on). */
export function buyErrorText(t: PurchaseT, code: string): string {
  return t(`error.${EXPLAINED.has(code) ? code : 'UNKNOWN'}` as Parameters<PurchaseT>[0]);
}
