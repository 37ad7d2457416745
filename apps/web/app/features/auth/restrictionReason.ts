/**
 * Reading a RESTRICTED error body (spec 6) with its schema: apart from restriction.ts, which every
 * picture imports, so that a page's pictures do not bring the contract's zod schemas along
 * (decision 0035, bench/first-load-js.ts).
 */
import { RestrictedErrorBodySchema, type RestrictionReason } from '@vela/contracts/guest';

/** The reason of a RESTRICTED error body; null for any other body (or none). */
export function restrictionReasonOf(body: unknown): RestrictionReason | null {
  const parsed = RestrictedErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.error.reason : null;
}
