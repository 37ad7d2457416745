/**
 * Web push (spec 7 `web-push/key`, `status/{payload}`, `subscribe`, `resubscribe/{token}`,
 * `unsubscribe/{payload}`, `update/{payload}`; docs/decisions/0023-web-push.md), shared by the
 * server and the page.
 *
 * A browser's subscription is named in a path by `{payload}`: the base64url (no padding) of the
 * UTF-8 JSON `{"endpoint":"<the PushSubscription's endpoint>"}`. The page can always compute it from
 * `pushManager.getSubscription()`, so it needs nothing stored to ask or change its own state.
 * `{token}` is the random handle the server answers on subscribe: the service worker keeps it to
 * move the subscription to a new endpoint (`pushsubscriptionchange`) without a session.
 */
import { z } from 'zod';
import { LanguageSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Longest accepted endpoint: its `{payload}` stays below the router's 1200-character parameter limit. */
export const WEB_PUSH_ENDPOINT_MAX_LENGTH = 800;
/** Longest `{payload}` path segment (base64url of the JSON around the longest endpoint). */
export const WEB_PUSH_PAYLOAD_MAX_LENGTH = 1100;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A base64url value as PushSubscription.toJSON() gives it; `=` padding is accepted and dropped. */
const base64url = (length: number) =>
  z
    .string()
    .transform((value) => value.replace(/=+$/, ''))
    .pipe(z.string().length(length).regex(BASE64URL, 'must be base64url'));

export const WebPushEndpointSchema = z
  .string()
  .max(WEB_PUSH_ENDPOINT_MAX_LENGTH)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without credentials');

/** The browser's keys: an uncompressed P-256 point (65 bytes) and a 16-byte authentication secret. */
export const WebPushKeysSchema = z.strictObject({
  p256dh: base64url(87),
  auth: base64url(22),
});

/** `PushSubscription.toJSON()` as the page sends it. */
export const WebPushSubscriptionSchema = z.strictObject({
  endpoint: WebPushEndpointSchema,
  /** Accepted as browsers send it, not stored: an expired endpoint answers 404/410 and is removed. */
  expirationTime: z.number().nullable().optional(),
  keys: WebPushKeysSchema,
});
export type WebPushSubscriptionJson = z.infer<typeof WebPushSubscriptionSchema>;

/** POST web-push/subscribe: the subscription and the language its messages are written in. */
export const WebPushSubscribeRequestSchema = z.strictObject({
  ...WebPushSubscriptionSchema.shape,
  language: LanguageSchema,
});
export type WebPushSubscribeRequest = z.infer<typeof WebPushSubscribeRequestSchema>;

/** POST web-push/resubscribe/{token}: the browser's new subscription; the language stays unless given. */
export const WebPushResubscribeRequestSchema = z.strictObject({
  ...WebPushSubscriptionSchema.shape,
  language: LanguageSchema.optional(),
});
export type WebPushResubscribeRequest = z.infer<typeof WebPushResubscribeRequestSchema>;

/** POST web-push/update/{payload}: what may change, at least one of them. */
export const WebPushUpdateRequestSchema = z
  .strictObject({ language: LanguageSchema.optional(), enabled: z.boolean().optional() })
  .refine((body) => body.language !== undefined || body.enabled !== undefined, {
    message: 'give language, enabled or both',
  });
export type WebPushUpdateRequest = z.infer<typeof WebPushUpdateRequestSchema>;

/** The decoded `{payload}`. */
export const WebPushPayloadSchema = z.strictObject({ endpoint: WebPushEndpointSchema });

/** GET web-push/key: the VAPID public key (the page's `applicationServerKey`). */
export const WebPushKeySchema = z.object({ publicKey: z.string().min(1) });

/** A subscription as its guest sees it (status, subscribe, resubscribe, update). */
export const WebPushStatusSchema = z.object({
  token: z.string().min(1),
  enabled: z.boolean(),
  language: LanguageSchema,
});
export type WebPushStatus = z.infer<typeof WebPushStatusSchema>;

export const WebPushUnsubscribedSchema = z.object({ unsubscribed: z.literal(true) });

/** The message a push carries, as the service worker shows it. */
export const WebPushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path on the page origin opened on click. */
  url: z.string(),
  /** One shown notification per tag: a repeated push replaces, never doubles. */
  tag: z.string(),
});
export type WebPushMessage = z.infer<typeof WebPushMessageSchema>;

/**
 * Error codes of the web push calls besides VALIDATION_ERROR (400: a malformed body, `{payload}`,
 * `{token}` or key) and NOT_LOGGED_IN (401).
 */
export const WEB_PUSH_ERROR_CODES = {
  /** No subscription of the caller with this endpoint or token (another guest's one included). */
  notFound: 'WEB_PUSH_SUBSCRIPTION_NOT_FOUND',
  /**
   * The endpoint is not one this server sends to: not https on the default port, credentials in the
   * URL, an IP literal, a single label or a local, internal or special-use name (`localhost.`,
   * `*.internal`, `*.local`, ... in any case, IDN or trailing-dot spelling).
   */
  endpointNotAllowed: 'WEB_PUSH_ENDPOINT_NOT_ALLOWED',
} as const;

/** `{payload}` of an endpoint: base64url (no padding) of the UTF-8 JSON `{"endpoint": ...}`. */
export function encodeWebPushPayload(endpoint: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ endpoint }));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The JSON value inside a `{payload}`, or undefined when it is not base64url JSON. */
export function decodeWebPushPayload(payload: string): unknown {
  if (!BASE64URL.test(payload) || payload.length > WEB_PUSH_PAYLOAD_MAX_LENGTH) return undefined;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** `{payload}` of a path: base64url of the JSON `{ endpoint }`, read as the endpoint. */
export const WebPushPayloadParamsSchema = z.object({
  payload: z
    .string()
    .max(WEB_PUSH_PAYLOAD_MAX_LENGTH)
    .transform((value, ctx) => {
      const parsed = WebPushPayloadSchema.safeParse(decodeWebPushPayload(value));
      if (parsed.success) return parsed.data.endpoint;
      ctx.addIssue({ code: 'custom', message: 'must be base64url of the JSON { endpoint }' });
      return z.NEVER;
    }),
});

/** Tokens are 24 random bytes in base64url (32 characters). */
export const WEB_PUSH_TOKEN_LENGTH = 32;
/** `{token}` of resubscribe. */
export const WebPushTokenParamsSchema = z.object({
  token: z
    .string()
    .length(WEB_PUSH_TOKEN_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/),
});

const NOT_FOUND = [WEB_PUSH_ERROR_CODES.notFound] as const;

/**
 * The web push calls (decision 0032). The server checks more than these shapes: the browser's key
 * must be a point on P-256 (apps/server webpush.schema.ts).
 */
export const webPushEndpoints = {
  key: defineEndpoint({
    method: 'GET',
    path: 'web-push/key',
    response: WebPushKeySchema,
    errors: ['WEB_PUSH_UNAVAILABLE'],
  }),
  status: defineEndpoint({
    method: 'GET',
    path: 'web-push/status/:payload',
    params: WebPushPayloadParamsSchema,
    response: WebPushStatusSchema,
    errors: ['NOT_LOGGED_IN', ...NOT_FOUND],
  }),
  /** 201 for a subscription new to the guest, 200 for one the guest had. */
  subscribe: defineEndpoint({
    method: 'POST',
    path: 'web-push/subscribe',
    body: WebPushSubscribeRequestSchema,
    response: WebPushStatusSchema,
    errors: ['NOT_LOGGED_IN', WEB_PUSH_ERROR_CODES.endpointNotAllowed, 'WEB_PUSH_UNAVAILABLE', 'CONFLICT'],
  }),
  /** The token is the credential: the service worker has no session. */
  resubscribe: defineEndpoint({
    method: 'POST',
    path: 'web-push/resubscribe/:token',
    params: WebPushTokenParamsSchema,
    body: WebPushResubscribeRequestSchema,
    response: WebPushStatusSchema,
    errors: [...NOT_FOUND, WEB_PUSH_ERROR_CODES.endpointNotAllowed, 'CONFLICT'],
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: 'web-push/unsubscribe/:payload',
    params: WebPushPayloadParamsSchema,
    response: WebPushUnsubscribedSchema,
    errors: ['NOT_LOGGED_IN', ...NOT_FOUND],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: 'web-push/update/:payload',
    params: WebPushPayloadParamsSchema,
    body: WebPushUpdateRequestSchema,
    response: WebPushStatusSchema,
    errors: ['NOT_LOGGED_IN', ...NOT_FOUND],
  }),
};
