/** Inputs of the video listing routes (zod per operation). */
import { VideoGridPayloadSchema } from '@vela/contracts/videos';
import { z } from 'zod';
import { AppError, formatZodIssues } from '../../http/errors.ts';

/** The longest payload accepted in `tileGrid/get/{type}/{payload}`. */
export const GRID_PAYLOAD_MAX_LENGTH = 4000;

/**
 * `tileGrid/get/{type}/{payload}`: plain strings here; the route answers an unknown type with
 * UNKNOWN_GRID_TYPE and `parseGridPayload` a bad payload with INVALID_PAYLOAD (stable codes).
 */
export const GridParamsSchema = z.object({ type: z.string(), payload: z.string() });

export const VideoPicturesParamsSchema = z.object({
  albumId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The URL-encoded JSON payload of a grid request; anything else is 400 INVALID_PAYLOAD. */
export function parseGridPayload(raw: unknown) {
  if (typeof raw !== 'string' || raw.length > GRID_PAYLOAD_MAX_LENGTH)
    throw new AppError('INVALID_PAYLOAD', 'payload must be URL-encoded JSON', 400);
  let value: unknown;
  try {
    // The router has decoded the path segment once; a payload encoded twice is decoded here.
    value = JSON.parse(raw.startsWith('%') ? decodeURIComponent(raw) : raw);
  } catch {
    throw new AppError('INVALID_PAYLOAD', 'payload must be URL-encoded JSON', 400);
  }
  const parsed = VideoGridPayloadSchema.safeParse(value);
  if (!parsed.success) throw new AppError('INVALID_PAYLOAD', formatZodIssues(parsed.error), 400);
  return parsed.data;
}
