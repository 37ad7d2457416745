import type { Language } from '@vela/contracts/common';
import { type WebPushMessageKey, webPushMessages } from '@vela/i18n/messages/webpush';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type WebPushT = Translate<WebPushMessageKey>;

/** The web push messages in a language. */
export function useWebPushT(lang: Language): WebPushT {
  return useMemo(() => translator(webPushMessages, lang), [lang]);
}
