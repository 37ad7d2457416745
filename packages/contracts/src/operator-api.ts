/**
 * The internal (operator) API's calls (decision 0032), under `/rest/v1/internal`, behind the
 * operator guard (allow-listed IP + X-Internal-Token): its own (`operatorEndpoints`) and those of
 * the modules it hosts (`promotionsOperatorEndpoints`, `notificationsOperatorEndpoints`,
 * `presenceOperatorEndpoints`; payments' `operatorCharges` sits in payment-api.ts). Not spec 7 page
 * calls: the queries are strict. Ids leave as decimal strings, as the operator's tools read them.
 */
import { MAX_NOTIFICATION_TYPE, MIN_NOTIFICATION_TYPE } from '@vela/domain/notifications';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { AVS_DOCUMENT_TYPES, AvsDecisionRequestSchema, AvsStateSchema } from './guest-api.ts';
import {
  BonusCodeAdminSchema,
  BonusCodesQuerySchema,
  CreateBonusCodeRequestSchema,
  GrantVoucherRequestSchema,
  GuestVoucherSchema,
  RefundRequestSchema,
} from './promotions-api.ts';
import { NotificationSchema } from './socket.ts';

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

/** A positive integer id in a path (a number to the handler). */
const NumericId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Promotions' operator calls: bonus codes, voucher grants, refunds (a reversing transfer, never an edit). */
export const promotionsOperatorEndpoints = {
  /** One-time codes: maxRedemptions 1. Answers 201. */
  createBonusCode: defineEndpoint({
    method: 'POST',
    path: 'internal/bonus-codes',
    body: CreateBonusCodeRequestSchema,
    response: BonusCodeAdminSchema,
    status: 201,
    errors: ['BONUS_CODE_EXISTS'],
  }),
  /** Newest first; `before` pages on (a code id). */
  bonusCodes: defineEndpoint({
    method: 'GET',
    path: 'internal/bonus-codes',
    query: BonusCodesQuerySchema,
    response: z.object({ codes: z.array(BonusCodeAdminSchema) }),
    errors: [],
  }),
  /** Idempotent by key: 201 granted now, 200 the earlier grant of the same key. */
  grantVoucher: defineEndpoint({
    method: 'POST',
    path: 'internal/guests/:guestId/vouchers',
    params: z.object({ guestId: NumericId }),
    body: GrantVoucherRequestSchema,
    response: z.object({
      voucherId: z.string(),
      replayed: z.boolean(),
      vouchers: z.array(GuestVoucherSchema),
    }),
    errors: ['NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: 'internal/transactions/:transferId/refund',
    params: z.object({ transferId: NumericId }),
    body: RefundRequestSchema,
    response: z.object({
      refundTransferId: z.string(),
      refundOf: z.string(),
      replayed: z.boolean(),
      entries: z.array(
        z.object({ accountId: z.string(), amountCents: z.number(), balanceAfterCents: z.number() }),
      ),
    }),
    errors: ['NOT_FOUND', 'NOT_REFUNDABLE', 'ALREADY_REFUNDED', 'IDEMPOTENCY_KEY_REUSED'],
  }),
};

/** A guest id in a path, as the notifications' operator calls take it (a decimal string). */
export const NotificationGuestParamsSchema = z.object({ guestId: z.string().regex(/^[1-9][0-9]{0,15}$/) });

export const CreateNotificationSchema = z.strictObject({
  type: z.number().int().min(MIN_NOTIFICATION_TYPE).max(MAX_NOTIFICATION_TYPE),
  params: z.record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean()])).default({}),
  /** A path on this origin. */
  url: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'a path on this site, starting with /')
    .nullable()
    .default(null),
  /** A repeated call with the same key creates nothing (operator retries). */
  dedupeKey: z.string().min(1).max(100).nullable().default(null),
});

export const RemoveNotificationsSchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^[1-9][0-9]{0,17}$/))
    .min(1)
    .max(100),
});

/** Notifications' operator calls. */
export const notificationsOperatorEndpoints = {
  /** 201 created; 200 with `created: false` when the dedupe key was used. */
  createNotification: defineEndpoint({
    method: 'POST',
    path: 'internal/guests/:guestId/notifications',
    params: NotificationGuestParamsSchema,
    body: CreateNotificationSchema,
    response: z.object({ created: z.boolean(), notification: NotificationSchema.nullable() }),
    errors: [...GUEST_NOT_FOUND],
  }),
  /** The pages drop them. */
  removeNotifications: defineEndpoint({
    method: 'POST',
    path: 'internal/guests/:guestId/notifications/remove',
    params: NotificationGuestParamsSchema,
    body: RemoveNotificationsSchema,
    response: z.object({ removed: z.array(z.string()) }),
    errors: [],
  }),
  /** Every open page of the guest reloads (spec 7 `pageReload`, e.g. after an operator changed the account). */
  pageReload: defineEndpoint({
    method: 'POST',
    path: 'internal/guests/:guestId/page-reload',
    params: NotificationGuestParamsSchema,
    response: z.object({ guestId: z.string(), published: z.literal(true) }),
    errors: [...GUEST_NOT_FOUND],
  }),
};

/** Presence's operator call: a performer online or offline. */
export const presenceOperatorEndpoints = {
  setPresence: defineEndpoint({
    method: 'POST',
    path: 'internal/actors/:actorId/presence',
    params: z.object({
      actorId: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    }),
    body: z.strictObject({ online: z.boolean() }),
    response: z.object({
      changed: z.boolean(),
      actorId: z.number(),
      online: z.boolean(),
      onlineTotal: z.number(),
      notified: z.number(),
    }),
    errors: ['ACTOR_NOT_FOUND'],
  }),
};
