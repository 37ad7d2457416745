/** The conversion chat's translator: its catalogue loads with the modal or the offer (lazy chunks). */
import type { Language } from '@vela/contracts/common';
import { conversionChatMessages } from '@vela/i18n/messages/conversion-chat';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type ConversionChatT = Translate<keyof (typeof conversionChatMessages)['en']>;

export function useConversionChatT(lang: Language): ConversionChatT {
  return useMemo(() => translator(conversionChatMessages, lang), [lang]);
}

const EXPLAINED = new Set([
  'CONVERSION_CHAT_OVER',
  'CONVERSION_CHAT_NOT_ELIGIBLE',
  'ALREADY_REDEEMED',
  'NETWORK',
]);

/** The words for an error code a person can act on; any other code reads as UNKNOWN. */
export function errorText(t: ConversionChatT, code: string): string {
  return t(`error.${EXPLAINED.has(code) ? code : 'UNKNOWN'}` as Parameters<ConversionChatT>[0]);
}
