/**
 * The web push REST calls of the page (spec 7 `web-push/*` under /rest/v1), same origin with the
 * session cookie. `{payload}` is computed from the browser's endpoint (@vela/contracts/webpush-api),
 * so nothing needs to be stored to ask about or change this browser's subscription. Failures are the
 * pages' RestError (the server's code, NETWORK, INVALID_RESPONSE).
 */
import type { Language } from '@vela/contracts/common';
import {
  encodeWebPushPayload,
  WEB_PUSH_ERROR_CODES,
  WebPushKeySchema,
  type WebPushStatus,
  WebPushStatusSchema,
  type WebPushSubscriptionJson,
  WebPushUnsubscribedSchema,
} from '@vela/contracts/webpush-api';
import { RestError, restData } from '../../api/rest.ts';

export async function fetchPublicKey(): Promise<string> {
  return (await restData('GET', 'web-push/key', WebPushKeySchema)).publicKey;
}

/** The caller's subscription of this endpoint, or null when the caller has none (or another guest has it). */
export async function fetchStatus(endpoint: string): Promise<WebPushStatus | null> {
  try {
    return await restData('GET', `web-push/status/${encodeWebPushPayload(endpoint)}`, WebPushStatusSchema);
  } catch (error) {
    if (error instanceof RestError && error.code === WEB_PUSH_ERROR_CODES.notFound) return null;
    throw error;
  }
}

export function subscribe(subscription: WebPushSubscriptionJson, language: Language): Promise<WebPushStatus> {
  return restData('POST', 'web-push/subscribe', WebPushStatusSchema, { ...subscription, language });
}

/** Moves the subscription of `token` to the browser's new subscription (same token). */
export function resubscribe(
  token: string,
  subscription: WebPushSubscriptionJson,
  language: Language,
): Promise<WebPushStatus> {
  return restData('POST', `web-push/resubscribe/${encodeURIComponent(token)}`, WebPushStatusSchema, {
    ...subscription,
    language,
  });
}

export function update(
  endpoint: string,
  changes: { language?: Language; enabled?: boolean },
): Promise<WebPushStatus> {
  return restData('POST', `web-push/update/${encodeWebPushPayload(endpoint)}`, WebPushStatusSchema, changes);
}

/** Removes the caller's subscription of this endpoint; one that is already gone is fine. */
export async function unsubscribe(endpoint: string): Promise<void> {
  try {
    await restData(
      'POST',
      `web-push/unsubscribe/${encodeWebPushPayload(endpoint)}`,
      WebPushUnsubscribedSchema,
      {},
    );
  } catch (error) {
    if (error instanceof RestError && error.code === WEB_PUSH_ERROR_CODES.notFound) return;
    throw error;
  }
}
