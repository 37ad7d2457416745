/**
 * Input of the web push routes, per operation (the shapes are the shared contracts of
 * @vela/contracts/webpush-api; here the checks only the server can make: the browser's key is a
 * point on P-256, `{payload}` decodes).
 */
import { ECDH } from 'node:crypto';
import {
  decodeWebPushPayload,
  WEB_PUSH_PAYLOAD_MAX_LENGTH,
  WebPushPayloadSchema,
  WebPushResubscribeRequestSchema,
  WebPushSubscribeRequestSchema,
  WebPushUpdateRequestSchema,
} from '@vela/contracts/webpush-api';
import { z } from 'zod';

/** Tokens are 24 random bytes in base64url (32 characters). */
export const TOKEN_LENGTH = 32;

function isP256Point(value: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(value, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

const withValidKey = <S extends z.ZodType<{ keys: { p256dh: string } }>>(schema: S) =>
  schema.refine((body) => isP256Point(body.keys.p256dh), {
    message: 'not a P-256 public key',
    path: ['keys', 'p256dh'],
  });

/** POST web-push/subscribe */
export const SubscribeSchema = withValidKey(WebPushSubscribeRequestSchema);
export type SubscribeReq = z.infer<typeof SubscribeSchema>;

/** POST web-push/resubscribe/{token} */
export const ResubscribeSchema = withValidKey(WebPushResubscribeRequestSchema);
export type ResubscribeReq = z.infer<typeof ResubscribeSchema>;

/** POST web-push/update/{payload} */
export const UpdateSchema = WebPushUpdateRequestSchema;
export type UpdateReq = z.infer<typeof UpdateSchema>;

/** `{payload}`: base64url of the JSON `{ endpoint }`, decoded to the endpoint. */
export const PayloadParamsSchema = z.object({
  payload: z
    .string()
    .max(WEB_PUSH_PAYLOAD_MAX_LENGTH)
    .transform((value, ctx) => {
      const decoded = decodeWebPushPayload(value);
      const parsed = WebPushPayloadSchema.safeParse(decoded);
      if (parsed.success) return parsed.data.endpoint;
      ctx.addIssue({ code: 'custom', message: 'must be base64url of the JSON { endpoint }' });
      return z.NEVER;
    }),
});

/** `{token}` of resubscribe. */
export const TokenParamsSchema = z.object({
  token: z
    .string()
    .length(TOKEN_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/),
});
