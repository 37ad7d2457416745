/** The tile grid payload of `tileGrid/get/{type}/{payload}` (its declaration: videosEndpoints.tileGrid). */
import { VideoGridPayloadSchema } from '@vela/contracts/videos';
import { AppError, formatZodIssues } from '../../http/errors.ts';

/** The longest payload accepted in `tileGrid/get/{type}/{payload}`. */
export const GRID_PAYLOAD_MAX_LENGTH = 4000;

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
