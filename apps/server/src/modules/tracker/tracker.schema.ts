/**
 * `POST /rest/v1/tracker/track` (spec 7: eventContext, eventAction, eventData). Sizes are bounded so
 * one request cannot store an arbitrary amount of data.
 *
 * `POST /rest/v1/logger/websocketConnectionError` (spec 7, spec 8): a page's socket error.
 */
import { SOCKET_ERROR_TYPES } from '@vela/contracts/socket';
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

/** Spec 8 error types, sent at most once per connection by the page's socket. */
export const WebsocketConnectionErrorSchema = z.strictObject({
  errorType: z.enum(SOCKET_ERROR_TYPES),
  /** The page the socket was on. */
  url: z.string().max(500).optional(),
  /** The page's connection attempt (1 for the first). */
  attempt: z.number().int().min(1).max(1_000_000).optional(),
});
export type WebsocketConnectionErrorReq = z.infer<typeof WebsocketConnectionErrorSchema>;
