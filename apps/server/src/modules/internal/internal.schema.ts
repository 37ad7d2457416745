/** Inputs of the internal (operator) API. */
import { z } from 'zod';

export { AvsDecisionRequestSchema } from '@vela/contracts/guest-api';

const Id = z.string().regex(/^[1-9]\d{0,14}$/, 'a positive integer id');

export const AvsRequestsQuerySchema = z.strictObject({
  status: z.enum(['pending', 'accepted', 'rejected', 'revoked']).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const RequestIdParamsSchema = z.strictObject({ id: Id });
export const GuestIdParamsSchema = z.strictObject({ guestId: Id });

export const RevokeRequestSchema = z
  .strictObject({ reason: z.string().trim().min(1).max(1000).optional() })
  .optional()
  .transform((body) => body ?? {});

export const LockRequestSchema = z.strictObject({ locked: z.boolean() });
