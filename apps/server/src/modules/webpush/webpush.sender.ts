/**
 * The one outbound I/O of web push: an encrypted, VAPID-signed POST to a browser's push service
 * (RFC 8030, RFC 8291 aes128gcm, RFC 8292 VAPID). The `web-push` package builds the request
 * (encryption and the `Authorization: vapid t=...,k=...` header); it is sent with node:http(s),
 * which follows no redirect (a push service never redirects; a redirect could lead into our own
 * network). Unless private addresses are allowed (WEB_PUSH_ALLOW_LOCAL_ENDPOINTS), every connection
 * resolves its host through `guardedLookup`: a name that resolves to a loopback, private,
 * link-local or otherwise non-public address is never connected to (webpush.endpoint.ts).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webPush from 'web-push';
import { guardedLookup, type LookupFunction } from './webpush.endpoint.ts';
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
  /** WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: connect to any address (a local push service). */
  allowPrivateAddresses?: boolean;
  /** Name resolution (dns.lookup); the guard checks what it answers. */
  lookup?: LookupFunction;
}): PushSender {
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.keys.publicKey,
    privateKey: options.keys.privateKey,
  };
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const lookup = options.allowPrivateAddresses ? options.lookup : guardedLookup(options.lookup);
  return {
    send(target, payload) {
      const details = webPush.generateRequestDetails(target, payload, {
        vapidDetails,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      });
      const url = new URL(details.endpoint);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const body = details.body ?? Buffer.alloc(0);
      headers['Content-Length'] = String(body.length);
      const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
      return new Promise((resolve, reject) => {
        const request = send(
          url,
          {
            method: 'POST',
            headers,
            signal: AbortSignal.timeout(timeoutMs),
            ...(lookup ? { lookup } : {}),
          },
          (response) => {
            // The answer's body is not needed (and may be large): release the connection.
            response.resume();
            resolve({ statusCode: response.statusCode ?? 0 });
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    },
  };
}
