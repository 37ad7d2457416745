/**
 * `POST /rest/v1/tracker/track` (spec 7: eventContext, eventAction, eventData). Sizes are bounded so
 * one request cannot store an arbitrary amount of data.
 */
import { z } from 'zod';

export const EVENT_NAME_MAX_LENGTH = 64;
/** Serialized size limit of `eventData`. */
export const EVENT_DATA_MAX_BYTES = 4096;

const eventName = z
  .string()
  .min(1)
  .max(EVENT_NAME_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'only letters, digits and _ . : / - are allowed');

export const TrackEventSchema = z.strictObject({
  eventContext: eventName,
  eventAction: eventName,
  eventData: z
    .record(z.string(), z.unknown())
    .refine((data) => Buffer.byteLength(JSON.stringify(data)) <= EVENT_DATA_MAX_BYTES, {
      message: `must serialize to at most ${EVENT_DATA_MAX_BYTES} bytes`,
    })
    .optional(),
});
export type TrackEventReq = z.infer<typeof TrackEventSchema>;
