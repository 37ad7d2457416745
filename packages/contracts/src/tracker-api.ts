/**
 * The pages' tracking calls (spec 7): `POST tracker/track` (eventContext, eventAction, eventData;
 * sizes are bounded so one request cannot store an arbitrary amount of data) and
 * `POST logger/websocketConnectionError` (spec 7, spec 8: a page's socket error).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { SOCKET_ERROR_TYPES } from './socket.ts';

export const EVENT_NAME_MAX_LENGTH = 64;
/** Serialized size limit of `eventData` (UTF-8 bytes). */
export const EVENT_DATA_MAX_BYTES = 4096;

const eventName = z
  .string()
  .min(1)
  .max(EVENT_NAME_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'only letters, digits and _ . : / - are allowed');

const utf8 = new TextEncoder();

export const TrackEventSchema = z.strictObject({
  eventContext: eventName,
  eventAction: eventName,
  eventData: z
    .record(z.string(), z.unknown())
    .refine((data) => utf8.encode(JSON.stringify(data)).length <= EVENT_DATA_MAX_BYTES, {
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

export const trackerEndpoints = {
  /** Stored as sent; answers 204 without a body. */
  track: defineEndpoint({
    method: 'POST',
    path: 'tracker/track',
    body: TrackEventSchema,
    response: z.undefined(),
    status: 204,
    errors: [],
  }),
  /** One log line on the server. */
  websocketConnectionError: defineEndpoint({
    method: 'POST',
    path: 'logger/websocketConnectionError',
    body: WebsocketConnectionErrorSchema,
    // Answered as `{ success: true }` without data, as before the declaration.
    response: z.undefined(),
    errors: [],
  }),
};
