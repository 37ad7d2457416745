/**
 * Input of the web push routes, per operation (the shapes are the shared contracts of
 * @vela/contracts/webpush-api; here the checks only the server can make: the browser's key is a
 * point on P-256, `{payload}` decodes).
 */
import { ECDH } from 'node:crypto';
import {
  WebPushResubscribeRequestSchema,
  WebPushSubscribeRequestSchema,
  WebPushUpdateRequestSchema,
} from '@vela/contracts/webpush-api';
import type { z } from 'zod';

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
