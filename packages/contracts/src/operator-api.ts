/**
 * The internal (operator) API's own calls (decision 0032), under `/rest/v1/internal`, behind the
 * operator guard (allow-listed IP + X-Internal-Token). Not spec 7 page calls: the queries are strict.
 * Ids are decimal strings, as the operator's tools send and read them.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { AVS_DOCUMENT_TYPES, AvsDecisionRequestSchema, AvsStateSchema } from './guest-api.ts';

const Id = z.string().regex(/^[1-9]\d{0,14}$/, 'a positive integer id');

export const AVS_REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'revoked'] as const;

export const AvsRequestsQuerySchema = z.strictObject({
  status: z.enum(AVS_REQUEST_STATUSES).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const RequestIdParamsSchema = z.strictObject({ id: Id });
export const GuestIdParamsSchema = z.strictObject({ guestId: Id });
export const RevokeRequestSchema = z
  .strictObject({ reason: z.string().trim().min(1).max(1000).optional() })
  .optional()
  .transform((body) => body ?? {});
export const LockRequestSchema = z.strictObject({ locked: z.boolean() });

/** An age verification request in the operator's queue. */
export const AvsRequestViewSchema = z.object({
  id: z.string(),
  guestId: z.string(),
  screenName: z.string(),
  fullName: z.string(),
  birthDate: z.string(),
  documentType: z.enum(AVS_DOCUMENT_TYPES),
  documentLast4: z.string(),
  status: z.enum(AVS_REQUEST_STATUSES),
  provider: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionMessage: z.string().nullable(),
});
export type AvsRequestView = z.infer<typeof AvsRequestViewSchema>;

const GUEST_NOT_FOUND = ['GUEST_NOT_FOUND'] as const;

export const operatorEndpoints = {
  avsRequests: defineEndpoint({
    method: 'GET',
    path: 'internal/avs/requests',
    query: AvsRequestsQuerySchema,
    response: z.object({ requests: z.array(AvsRequestViewSchema) }),
    errors: [],
  }),
  /** Accept, or reject with a message (pending requests only). */
  avsDecision: defineEndpoint({
    method: 'POST',
    path: 'internal/avs/requests/:id/decision',
    params: RequestIdParamsSchema,
    body: AvsDecisionRequestSchema,
    response: z.object({ requestId: z.string(), guestId: z.string(), ...AvsStateSchema.shape }),
    errors: ['AVS_REQUEST_NOT_FOUND', 'AVS_REQUEST_NOT_PENDING', ...GUEST_NOT_FOUND],
  }),
  /** accepted -> unknown. */
  avsRevoke: defineEndpoint({
    method: 'POST',
    path: 'internal/avs/guests/:guestId/revoke',
    params: GuestIdParamsSchema,
    body: RevokeRequestSchema,
    response: z.object({ guestId: z.string(), ...AvsStateSchema.shape }),
    errors: [...GUEST_NOT_FOUND, 'AVS_NOT_ACCEPTED'],
  }),
  /** A locked guest is logged out everywhere. */
  lockGuest: defineEndpoint({
    method: 'POST',
    path: 'internal/guests/:guestId/lock',
    params: GuestIdParamsSchema,
    body: LockRequestSchema,
    response: z.object({ guestId: z.string(), locked: z.boolean(), sessionsEnded: z.number() }),
    errors: [...GUEST_NOT_FOUND],
  }),
  /** Every node forgets the answers it keeps for visitors (bus `catalog`). */
  clearCache: defineEndpoint({
    method: 'POST',
    path: 'internal/cache/clear',
    response: z.object({ cleared: z.literal(true), published: z.boolean() }),
    errors: [],
  }),
  /** Each module's precomputed lists recomputed now; answers each list's window and size. */
  regenerateCounters: defineEndpoint({
    method: 'POST',
    path: 'internal/counters/regenerate',
    response: z.record(z.string(), z.unknown()),
    errors: [],
  }),
};
