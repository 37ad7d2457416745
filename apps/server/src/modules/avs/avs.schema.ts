/** Inputs of the age verification calls (zod per operation). */
import { LanguageSchema } from '@vela/contracts/common';
import { z } from 'zod';

export { AvsDecisionRequestSchema } from '@vela/contracts/guest-api';

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
