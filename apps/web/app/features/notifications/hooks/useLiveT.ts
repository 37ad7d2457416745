import type { Language } from '@vela/contracts/common';
import type { Notification } from '@vela/contracts/socket';
import { liveMessages } from '@vela/i18n/messages/live';
import { notificationMessageKey, notificationMessages } from '@vela/i18n/messages/notifications';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export type LiveT = Translate<keyof (typeof liveMessages)['en']>;

/** The live features' messages in a language. */
export function useLiveT(lang: Language): LiveT {
  return useMemo(() => translator(liveMessages, lang), [lang]);
}

/** A notification's text in the page's language (the same texts web push sends). */
export function useNotificationText(lang: Language): (notification: Notification) => string {
  return useMemo(() => {
    const t = translator(notificationMessages, lang);
    return (notification: Notification) => {
      try {
        return t(notificationMessageKey(notification.type), notification.params);
      } catch {
        return t('generic');
      }
    };
  }, [lang]);
}
