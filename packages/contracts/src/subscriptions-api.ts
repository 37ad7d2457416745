/**
 * VIP club and TV subscriptions (issue 4 deliverable 4): REST shapes shared by the server, the
 * /vipclub/ page and the payment dialog's abo views, and the bus events `vipAboUpdate` /
 * `vxtvAboUpdate` (spec 3 "VIP update": vipAboStatus, vxtvAboStatus, isStarted, price).
 *
 * REST under /rest/v1 (logged-in guest; always the caller's own subscriptions):
 * - GET  subscriptions                       -> SubscriptionsState
 * - POST subscriptions/subscribe             SubscribeRequest -> SubscribeResult
 *        (402 NOT_ENOUGH_MONEY, 409 ALREADY_SUBSCRIBED / INCLUDED_IN_VIP / TRIAL_NOT_AVAILABLE)
 * - POST subscriptions/cancel                ProductRequest -> SubscriptionView (runs to its period end)
 * - POST subscriptions/resume                ProductRequest -> SubscriptionView (undo a cancel in time)
 * - POST guest/acceptCancellationOffer       AcceptCancellationOfferRequest (spec 7) -> SubscriptionView;
 *        accepted: sets the status-bar cookie; not accepted: an error answer (the page's failure callback)
 * - GET  subscriptions/vip30History          -> Vip30History (spec 7 "vip30 value history")
 * Operator (internal API): POST internal/subscriptions/run-renewals -> RenewalRunResult
 */
import { z } from 'zod';
import { PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const SubscriptionProductSchema = z.enum(['vip', 'tv']);
export type SubscriptionProductName = z.infer<typeof SubscriptionProductSchema>;

export const SubscriptionStatusSchema = z.enum(['active', 'cancelled', 'ended']);
export const AboStatusSchema = z.enum(['none', 'active', 'cancelled']);
export type AboStatus = z.infer<typeof AboStatusSchema>;
export type AboStatusName = z.infer<typeof AboStatusSchema>;

/** Idempotency keys of money requests (the same rule as payment-api.ts). */
export const IdempotencyKeySchema = z.string().min(8).max(100);

export const SubscriptionViewSchema = z.object({
  id: z.string(),
  product: SubscriptionProductSchema,
  status: SubscriptionStatusSchema,
  /** Started as the VIP trial. */
  trial: z.boolean(),
  /** The regular price of a period. */
  price: PriceSchema,
  periodDays: z.number().int().positive(),
  /** ISO 8601 UTC. */
  startedAt: z.string(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  /** Active: when and for how much it renews; null when cancelled or ended. */
  nextRenewal: z.object({ at: z.string(), price: PriceSchema }).nullable(),
  /** Cancelled: the day it ends (the paid period's end); ended: when it ended. */
  endsAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  endReason: z.string().nullable(),
  cancellationOffer: z.object({
    available: z.boolean(),
    accepted: z.boolean(),
    percent: z.number().int().min(1).max(100),
    /** The next period's price with the offer. */
    price: PriceSchema,
  }),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

export const PlanSchema = z.object({ price: PriceSchema, periodDays: z.number().int().positive() });

export const SubscriptionsStateSchema = z.object({
  vip: SubscriptionViewSchema.nullable(),
  tv: SubscriptionViewSchema.nullable(),
  isVip: z.boolean(),
  /** VIP counts as TV subscriber (spec 6). */
  isVXTVAboSubscriber: z.boolean(),
  /** The VIP trial is offered once per guest (and only while the VIP club is offered). */
  trialAvailable: z.boolean(),
  /**
   * Which products are sold today: a product is sold only while it delivers something (issue 14,
   * decision 0029). A product not offered is refused at subscribe with 409 PRODUCT_NOT_OFFERED;
   * a running subscription of it keeps running (cancel, resume, renewal).
   */
  offered: z.object({ vip: z.boolean(), tv: z.boolean() }),
  plans: z.object({ vip: PlanSchema, tv: PlanSchema, vipTrial: PlanSchema }),
  balanceCents: z.number().int().nonnegative(),
});
export type SubscriptionsState = z.infer<typeof SubscriptionsStateSchema>;

export const SubscribeRequestSchema = z.strictObject({
  product: SubscriptionProductSchema,
  /** The VIP trial (flow trialvipabo). */
  trial: z.boolean().default(false),
  /** One per attempt: a retry with the same key answers the same subscription, charged once. */
  idempotencyKey: IdempotencyKeySchema,
});
export type SubscribeRequest = z.input<typeof SubscribeRequestSchema>;

export const SubscribeResultSchema = z.object({
  subscription: SubscriptionViewSchema,
  /** True when this is the answer of an earlier request with the same key (nothing charged now). */
  replayed: z.boolean(),
  balanceCents: z.number().int().nonnegative(),
});
export type SubscribeResult = z.infer<typeof SubscribeResultSchema>;

export const ProductRequestSchema = z.strictObject({ product: SubscriptionProductSchema });
export type ProductRequest = z.infer<typeof ProductRequestSchema>;

/** Spec 7 `guest/acceptCancellationOffer` POST (guest_id, platform_text); `product` defaults to the running VIP. */
export const AcceptCancellationOfferRequestSchema = z.strictObject({
  guest_id: z.union([z.string().regex(/^\d{1,18}$/), z.number().int().positive()]).transform(String),
  platform_text: z.string().max(200).optional(),
  product: SubscriptionProductSchema.optional(),
});
export type AcceptCancellationOfferRequest = z.input<typeof AcceptCancellationOfferRequestSchema>;

/** The status-bar cookie (spec 8) set when the cancellation offer was accepted; the page shows and removes it. */
export const STATUS_BAR_COOKIE = 'vela_status_bar';
export const STATUS_BAR_TYPES = [
  'error',
  'cancellation-offer-accepted',
  'cancellation-offer-error',
  'not-found',
] as const;
export type StatusBarType = (typeof STATUS_BAR_TYPES)[number];

export const Vip30PeriodSchema = z.object({
  subscriptionId: z.string(),
  periodIndex: z.number().int().nonnegative(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** What the guest paid for the period. */
  charged: PriceSchema,
  /** The summed list price of the period's VIP30 offers. */
  value: PriceSchema,
});
export const Vip30HistorySchema = z.object({
  periods: z.array(Vip30PeriodSchema),
  totalCharged: PriceSchema,
  totalValue: PriceSchema,
});
export type Vip30History = z.infer<typeof Vip30HistorySchema>;

export const RenewalRunResultSchema = z.object({
  renewed: z.number().int().nonnegative(),
  ended: z.number().int().nonnegative(),
  paymentFailed: z.number().int().nonnegative(),
  recovered: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
});
export type RenewalRunResult = z.infer<typeof RenewalRunResultSchema>;

/** Bus events on `guest:<id>` after every subscription change (spec 3 VIP update; spec 7 vip/vxtv updates). */
const aboUpdate = {
  vipAboStatus: AboStatusSchema,
  vxtvAboStatus: AboStatusSchema,
  /** A subscription has just started (the page reports it to analytics, spec 4). */
  isStarted: z.boolean(),
  /** The changed product's next charge, null when nothing renews. */
  price: PriceSchema.nullable(),
};
export const VipAboUpdateEventSchema = z.object({ type: z.literal('vipAboUpdate'), ...aboUpdate });
export const VxtvAboUpdateEventSchema = z.object({ type: z.literal('vxtvAboUpdate'), ...aboUpdate });
export const AboUpdateEventSchema = z.discriminatedUnion('type', [
  VipAboUpdateEventSchema,
  VxtvAboUpdateEventSchema,
]);
export type AboUpdateEvent = z.infer<typeof AboUpdateEventSchema>;

/** The subscription calls of the logged-in guest (decision 0032). */
export const subscriptionsEndpoints = {
  state: defineEndpoint({
    method: 'GET',
    path: 'subscriptions',
    response: SubscriptionsStateSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: 'subscriptions/subscribe',
    body: SubscribeRequestSchema,
    response: SubscribeResultSchema,
    errors: [
      'NOT_LOGGED_IN',
      'NOT_ENOUGH_MONEY',
      'RESTRICTED',
      'TRIAL_NOT_AVAILABLE',
      'ALREADY_SUBSCRIBED',
      'INCLUDED_IN_VIP',
      'PRODUCT_NOT_OFFERED',
      'SUBSCRIPTION_PENDING',
      'SUBSCRIPTION_ABORTED',
      'IDEMPOTENCY_KEY_REUSED',
      'CONFLICT',
    ],
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: 'subscriptions/cancel',
    body: ProductRequestSchema,
    response: SubscriptionViewSchema,
    errors: ['NOT_LOGGED_IN', 'NOT_SUBSCRIBED', 'ALREADY_CANCELLED', 'PERIOD_OVER'],
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: 'subscriptions/resume',
    body: ProductRequestSchema,
    response: SubscriptionViewSchema,
    errors: ['NOT_LOGGED_IN', 'NOT_SUBSCRIBED', 'PERIOD_OVER'],
  }),
  /** Spec 7 (guest_id, platform_text); spec 8: accepted -> the status-bar cookie. */
  acceptCancellationOffer: defineEndpoint({
    method: 'POST',
    path: 'guest/acceptCancellationOffer',
    body: AcceptCancellationOfferRequestSchema,
    response: SubscriptionViewSchema,
    errors: ['NOT_LOGGED_IN', 'FORBIDDEN', 'NOT_SUBSCRIBED', 'OFFER_NOT_AVAILABLE'],
  }),
  vip30History: defineEndpoint({
    method: 'GET',
    path: 'subscriptions/vip30History',
    response: Vip30HistorySchema,
    errors: ['NOT_LOGGED_IN'],
  }),
};
