/**
 * The purchase flow's translator (errors, the `not-enough-money` modal): its catalogue loads with the
 * flow, at the first click, not with every page that shows a buy button.
 */
import type { Language } from '@vela/contracts/common';
import { purchaseFlowMessages } from '@vela/i18n/messages/purchase-flow';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type PurchaseFlowT = Translate<keyof (typeof purchaseFlowMessages)['en']>;

export function usePurchaseFlowT(lang: Language): PurchaseFlowT {
  return useMemo(() => translator(purchaseFlowMessages, lang), [lang]);
}

/** The buy refusals and failures said in words; any other code reads as UNKNOWN. */
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

/** The words for a buy error code (the server's codes mapped to what a person can act on). */
export function buyErrorText(t: PurchaseFlowT, code: string): string {
  return t(`error.${EXPLAINED.has(code) ? code : 'UNKNOWN'}` as Parameters<PurchaseFlowT>[0]);
}
