/**
 * The one outbound I/O of web push: an encrypted, VAPID-signed POST to a browser's push service
 * (RFC 8030, RFC 8291 aes128gcm, RFC 8292 VAPID). The `web-push` package builds the request
 * (encryption and the `Authorization: vapid t=...,k=...` header); it is sent with fetch, which
 * follows no redirect (a push service never redirects; a redirect could lead into our own network).
 */
import webPush from 'web-push';
import type { VapidKeys } from './webpush.keys.ts';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSender {
  /** The push service's HTTP status; throws only when no answer came (network, timeout). */
  send(target: PushTarget, payload: string): Promise<{ statusCode: number }>;
}

/** A message not delivered within a day is dropped by the push service (a notification is old by then). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_TIMEOUT_MS = 10_000;

export function createPushSender(options: {
  keys: VapidKeys;
  subject: string;
  timeoutMs?: number;
}): PushSender {
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.keys.publicKey,
    privateKey: options.keys.privateKey,
  };
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  return {
    async send(target, payload) {
      const request = webPush.generateRequestDetails(target, payload, {
        vapidDetails,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        // fetch computes the length of the body itself.
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      }
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The answer's body is not needed (and may be large): release the connection.
      await response.body?.cancel().catch(() => undefined);
      return { statusCode: response.status };
    },
  };
}
