/** Inputs of the age verification calls (zod per operation). */
import { LanguageSchema } from '@vela/contracts/common';
import { z } from 'zod';

export { AvsDecisionRequestSchema, AvsRequestSchema } from '@vela/contracts/guest-api';

/**
 * `guest/restriction?ageRating=18`: the age rating of the content the page wants to open. Not
 * strict: spec 7 adds language, version tag and access token to every call's query.
 */
export const RestrictionQuerySchema = z.object({
  ageRating: z.coerce.number().int().min(0).max(18),
});

/** The sandbox decision page: `avs/sandbox/:requestId?token=…&lang=…` (issue 14). */
export const SandboxPageParams = z.object({
  requestId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
const LinkToken = z.string().regex(/^[0-9a-f]{64}$/);
export const SandboxPageQuerySchema = z.object({ token: LinkToken, lang: LanguageSchema.optional() });
/** Its form: approve, or reject with the reason the guest reads (the page fills in a default). */
export const SandboxFormSchema = z.object({
  token: LinkToken,
  decision: z.enum(['accept', 'reject']),
  message: z.string().max(1000).optional(),
  lang: LanguageSchema.optional(),
});
