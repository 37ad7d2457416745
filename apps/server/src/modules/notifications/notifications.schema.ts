/** Operator input of the notifications module (internal API). */
import { MAX_NOTIFICATION_TYPE, MIN_NOTIFICATION_TYPE } from '@vela/domain/notifications';
import { z } from 'zod';

export const GuestParamsSchema = z.object({ guestId: z.string().regex(/^[1-9][0-9]{0,15}$/) });

export const CreateNotificationSchema = z.strictObject({
  type: z.number().int().min(MIN_NOTIFICATION_TYPE).max(MAX_NOTIFICATION_TYPE),
  params: z.record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean()])).default({}),
  /** A path on this origin. */
  url: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'a path on this site, starting with /')
    .nullable()
    .default(null),
  /** A repeated call with the same key creates nothing (operator retries). */
  dedupeKey: z.string().min(1).max(100).nullable().default(null),
});

export const RemoveNotificationsSchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^[1-9][0-9]{0,17}$/))
    .min(1)
    .max(100),
});
