/** Inputs of the age verification calls (zod per operation). */
import { z } from 'zod';

export { AvsDecisionRequestSchema, AvsRequestSchema } from '@vela/contracts/guest-api';

/**
 * `guest/restriction?ageRating=18`: the age rating of the content the page wants to open. Not
 * strict: spec 7 adds language, version tag and access token to every call's query.
 */
export const RestrictionQuerySchema = z.object({
  ageRating: z.coerce.number().int().min(0).max(18),
});
