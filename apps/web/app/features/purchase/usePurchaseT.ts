import type { Language } from '@vela/contracts/common';
import { purchaseMessages } from '@vela/i18n/messages/purchase';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type PurchaseT = Translate<keyof (typeof purchaseMessages)['en']>;

/** The buy button's translator for a language (the flow's words: usePurchaseFlowT.ts). */
export function usePurchaseT(lang: Language): PurchaseT {
  return useMemo(() => translator(purchaseMessages, lang), [lang]);
}
