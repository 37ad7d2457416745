/**
 * The web push REST calls of the page (spec 7 `web-push/*` under /rest/v1), same origin with the
 * session cookie. `{payload}` is computed from the browser's endpoint (@vela/contracts/webpush-api),
 * so nothing needs to be stored to ask about or change this browser's subscription. Failures are the
 * pages' RestError (the server's code, NETWORK, INVALID_RESPONSE).
 */
import type { Language } from '@vela/contracts/common';
import {
  webPushEndpoints as e,
  encodeWebPushPayload,
  WEB_PUSH_ERROR_CODES,
  type WebPushStatus,
  type WebPushSubscriptionJson,
} from '@vela/contracts/webpush-api';
import { endpointData, RestError } from '../../api/rest.ts';

export async function fetchPublicKey(): Promise<string> {
  return (await endpointData(e.key)).publicKey;
}

/** The caller's subscription of this endpoint, or null when the caller has none (or another guest has it). */
export async function fetchStatus(endpoint: string): Promise<WebPushStatus | null> {
  try {
    return await endpointData(e.status, { params: { payload: encodeWebPushPayload(endpoint) } });
  } catch (error) {
    if (error instanceof RestError && error.code === WEB_PUSH_ERROR_CODES.notFound) return null;
    throw error;
  }
}

export function subscribe(subscription: WebPushSubscriptionJson, language: Language): Promise<WebPushStatus> {
  return endpointData(e.subscribe, { body: { ...subscription, language } });
}

/** Moves the subscription of `token` to the browser's new subscription (same token). */
export function resubscribe(
  token: string,
  subscription: WebPushSubscriptionJson,
  language: Language,
): Promise<WebPushStatus> {
  return endpointData(e.resubscribe, { params: { token }, body: { ...subscription, language } });
}

export function update(
  endpoint: string,
  changes: { language?: Language; enabled?: boolean },
): Promise<WebPushStatus> {
  return endpointData(e.update, { params: { payload: encodeWebPushPayload(endpoint) }, body: changes });
}

/** Removes the caller's subscription of this endpoint; one that is already gone is fine. */
export async function unsubscribe(endpoint: string): Promise<void> {
  try {
    await endpointData(e.unsubscribe, { params: { payload: encodeWebPushPayload(endpoint) } });
  } catch (error) {
    if (error instanceof RestError && error.code === WEB_PUSH_ERROR_CODES.notFound) return;
    throw error;
  }
}
