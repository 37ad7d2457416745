/** What leaves the server of a subscription: the handle, the switch and the language, nothing of the keys. */
import { LanguageSchema } from '@vela/contracts/common';
import type { WebPushStatus } from '@vela/contracts/webpush-api';
import type { WebPushRow } from './webpush.repository.ts';

export function presentSubscription(row: WebPushRow): WebPushStatus {
  const language = LanguageSchema.safeParse(row.language);
  return { token: row.token, enabled: row.enabled, language: language.success ? language.data : 'de' };
}
