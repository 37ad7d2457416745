/**
 * Shapes of vouchers, bonus codes, item purchases and benefits (issue 4 deliverables 5 and 6), shared
 * by the server, the pages and the payment dialog. Amounts are integer euro cents; balances carry
 * coins (spec 9) as `guestBalance` / `guestBalanceFormatted` like the `guestBalance` socket event.
 * Ids leave the server as strings.
 */
import { REDEEM_REASONS, REDEEM_REFUSALS } from '@vela/domain/bonus-codes';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const VOUCHER_TYPE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const VoucherTypeSchema = z.literal(VOUCHER_TYPE_IDS);
export type VoucherTypeId = (typeof VOUCHER_TYPE_IDS)[number];

const Cents = z.number().int().positive().max(10_000_000);
const ActorId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** What a bonus code gives (the domain's BonusReward). */
export const BonusRewardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('coins'), cents: Cents }),
  z.object({
    kind: z.literal('voucher'),
    voucherType: VoucherTypeSchema,
    amount: z.number().int().positive().max(1000),
    actorId: ActorId.nullable().default(null),
    validDays: z.number().int().positive().max(3650).nullable().default(null),
  }),
  z
    .object({
      kind: z.literal('ontop'),
      percent: z.number().int().positive().max(200).nullable().default(null),
      flatCents: Cents.nullable().default(null),
      maxCents: Cents.nullable().default(null),
    })
    .refine((r) => r.percent !== null || r.flatCents !== null, {
      message: 'An on-top reward needs a percent or a flat amount',
    }),
]);
export type BonusRewardInput = z.input<typeof BonusRewardSchema>;

/** A reward as the guest reads it: with its spec 3 reward type; coins also in coins. */
export const RewardViewSchema = z.object({
  kind: z.enum(['coins', 'voucher', 'ontop']),
  rewardType: z.string(),
  cents: z.number().int().nullable(),
  coins: z.number().int().nullable(),
  voucherType: VoucherTypeSchema.nullable(),
  voucherTypeName: z.string().nullable(),
  amount: z.number().int().nullable(),
  actorId: z.string().nullable(),
  percent: z.number().int().nullable(),
  flatCents: z.number().int().nullable(),
  maxCents: z.number().int().nullable(),
});
export type RewardView = z.infer<typeof RewardViewSchema>;

/** A reward view's details, all empty: each reward kind fills in its own (the server's presenter, tests). */
export const NO_REWARD_DETAILS = {
  cents: null,
  coins: null,
  voucherType: null,
  voucherTypeName: null,
  amount: null,
  actorId: null,
  percent: null,
  flatCents: null,
  maxCents: null,
} as const satisfies Omit<RewardView, 'kind' | 'rewardType'>;

/** The bonus code check's reasons; the list lives in @vela/domain/bonus-codes. */
export { REDEEM_REASONS };
export const RedeemReasonSchema = z.enum(REDEEM_REASONS);
export type RedeemReasonCode = z.infer<typeof RedeemReasonSchema>;

/** A code as typed by the guest (normalised on the server: trimmed, upper-case). */
export const BonusCodeInputSchema = z.string().trim().min(1).max(64);

/** `GET bonuscode/check/{code}` (spec 5): success and reason before redeeming; canRedeem. */
export const BonusCheckSchema = z.object({
  success: z.boolean(),
  reason: RedeemReasonSchema,
  canRedeem: z.boolean(),
  code: z.string(),
  /** Null for an unknown code (nothing is told about codes that do not exist). */
  reward: RewardViewSchema.nullable(),
  oneTime: z.boolean(),
});
export type BonusCheck = z.infer<typeof BonusCheckSchema>;

/** `POST guest/redeemBonus` body (spec 7). */
export const RedeemBonusRequestSchema = z.object({ code: BonusCodeInputSchema });
export type RedeemBonusRequest = z.infer<typeof RedeemBonusRequestSchema>;

/** Guest.vouchers of spec 3: usable units per (type, actorId). */
export const GuestVoucherSchema = z.object({
  type: VoucherTypeSchema,
  typeName: z.string(),
  amount: z.number().int().nonnegative(),
  actorId: z.string().nullable(),
});
export type GuestVoucherView = z.infer<typeof GuestVoucherSchema>;

const BalanceFields = {
  guestBalance: z.number().int().nonnegative(),
  guestBalanceFormatted: z.string(),
  guestBalanceCents: z.number().int().nonnegative(),
};

export const RedeemBonusResultSchema = z.object({
  success: z.literal(true),
  code: z.string(),
  reward: RewardViewSchema,
  /** On-top codes: the bonus waits for the next succeeded top-up. */
  pending: z.boolean(),
  /** Coins credited now (0 for voucher and on-top rewards). */
  creditedCents: z.number().int().nonnegative(),
  vouchers: z.array(GuestVoucherSchema),
  ...BalanceFields,
});
export type RedeemBonusResult = z.infer<typeof RedeemBonusResultSchema>;

/** `GET guest/vouchers?actorId=`: the vouchers, and counts summed by type (spec 9) for the performer or any. */
export const GuestVouchersQuerySchema = z.object({
  actorId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});
export const GuestVouchersSchema = z.object({
  vouchers: z.array(GuestVoucherSchema),
  /** Type id (as a string key "1".."10") -> usable units. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  actorId: z.string().nullable(),
});
export type GuestVouchers = z.infer<typeof GuestVouchersSchema>;

/** `POST album/{albumId}/buy`, `POST video/{videoId}/buy`. */
export const BuyRequestSchema = z.object({ idempotencyKey: z.string().min(8).max(100) });
export type BuyRequest = z.infer<typeof BuyRequestSchema>;
export const ItemIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const PurchaseSchema = z.object({
  itemType: z.enum(['video', 'album']),
  itemId: z.string(),
  priceCents: z.number().int().nonnegative(),
  paidWith: z.enum(['wallet', 'voucher']),
  date: z.string(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** Spec 7: album buy returns success, guestBalance, guestBalanceFormatted. */
export const BuyResultSchema = z.object({
  success: z.literal(true),
  /** True when the guest already owned the item: nothing was charged now. */
  alreadyBought: z.boolean(),
  purchase: PurchaseSchema,
  ...BalanceFields,
});
export type BuyResult = z.infer<typeof BuyResultSchema>;

export const PurchasesSchema = z.object({ purchases: z.array(PurchaseSchema) });

/** `GET guest/benefits`: vouchers and bonus rewards with their spec 3 type names. */
export const BenefitSchema = z.object({
  source: z.enum(['voucher', 'bonusCode']),
  benefitType: z.string(),
  rewardType: z.string(),
  voucherType: VoucherTypeSchema.nullable(),
  amount: z.number().int().nullable(),
  cents: z.number().int().nullable(),
  actorId: z.string().nullable(),
  code: z.string().nullable(),
  /** bonus codes: credited, or pending (an on-top bonus waiting for a top-up) */
  status: z.enum(['active', 'credited', 'pending']),
  expiresAt: z.string().nullable(),
  date: z.string(),
});
export type Benefit = z.infer<typeof BenefitSchema>;
export const BenefitsSchema = z.object({ benefits: z.array(BenefitSchema) });

/** Remaining bonus codes: the guest's redeemed codes whose reward is still to come (on-top, pending). */
export const RemainingBonusCodeSchema = z.object({
  code: z.string(),
  reward: RewardViewSchema,
  redeemedAt: z.string(),
});
export const RemainingBonusCodesSchema = z.object({ codes: z.array(RemainingBonusCodeSchema) });

// ----- Operator API (internal) -----

export const CreateBonusCodeRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9-]{4,32}$/, 'A code is 4-32 letters, digits or dashes')),
    reward: BonusRewardSchema,
    /** 1: one-time; a number: multi-use up to it; null: unlimited. */
    maxRedemptions: z.number().int().positive().max(10_000_000).nullable().default(null),
    validFrom: z.iso.datetime({ offset: true }).nullable().default(null),
    validUntil: z.iso.datetime({ offset: true }).nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((r) => !r.validFrom || !r.validUntil || Date.parse(r.validFrom) < Date.parse(r.validUntil), {
    message: 'validFrom must be before validUntil',
    path: ['validUntil'],
  });
export type CreateBonusCodeRequest = z.input<typeof CreateBonusCodeRequestSchema>;

export const BonusCodeAdminSchema = z.object({
  id: z.string(),
  code: z.string(),
  reward: RewardViewSchema,
  maxRedemptions: z.number().int().nullable(),
  redemptionCount: z.number().int(),
  onTop: z.boolean(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});

export const BonusCodesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

export const GrantVoucherRequestSchema = z.object({
  /** A repeated grant with the same key grants once. */
  idempotencyKey: z.string().min(8).max(100),
  type: VoucherTypeSchema,
  amount: z.number().int().positive().max(1000),
  actorId: ActorId.nullable().default(null),
  validDays: z.number().int().positive().max(3650).nullable().default(null),
});
export type GrantVoucherRequest = z.input<typeof GrantVoucherRequestSchema>;

export const RefundRequestSchema = z.object({
  idempotencyKey: z.string().min(8).max(100),
  reason: z.string().trim().min(3).max(500),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** `bonuscode/check/:code`. */
export const BonusCodeParamsSchema = z.object({ code: BonusCodeInputSchema });
/** `promo/hasGuestNotRedeemedOnTopCodeInstance/:promoCode`. */
export const PromoCodeParamsSchema = z.object({ promoCode: BonusCodeInputSchema });

const BUY_ERRORS = [
  'NOT_LOGGED_IN',
  'NOT_FOUND',
  'ITEM_FREE',
  'INCLUDED_IN_VIP',
  'NOT_ENOUGH_MONEY',
  'RESTRICTED',
  'ACTOR_BLOCKED_IN_COUNTRY',
  'IDEMPOTENCY_KEY_REUSED',
] as const;

/** Vouchers, bonus codes and item purchases of the logged-in guest (decision 0032). */
export const promotionsEndpoints = {
  vouchers: defineEndpoint({
    method: 'GET',
    path: 'guest/vouchers',
    query: GuestVouchersQuerySchema,
    response: GuestVouchersSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  purchases: defineEndpoint({
    method: 'GET',
    path: 'guest/purchases',
    response: PurchasesSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  benefits: defineEndpoint({
    method: 'GET',
    path: 'guest/benefits',
    response: BenefitsSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  remainingBonusCodes: defineEndpoint({
    method: 'GET',
    path: 'guest/remainingBonusCodes',
    response: RemainingBonusCodesSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  buyAlbum: defineEndpoint({
    method: 'POST',
    path: 'album/:id/buy',
    params: ItemIdParamsSchema,
    body: BuyRequestSchema,
    response: BuyResultSchema,
    errors: BUY_ERRORS,
  }),
  buyVideo: defineEndpoint({
    method: 'POST',
    path: 'video/:id/buy',
    params: ItemIdParamsSchema,
    body: BuyRequestSchema,
    response: BuyResultSchema,
    errors: BUY_ERRORS,
  }),
  /** Spec 5: success and reason before redeeming (rate-limited like a redemption). */
  checkBonusCode: defineEndpoint({
    method: 'GET',
    path: 'bonuscode/check/:code',
    params: BonusCodeParamsSchema,
    response: BonusCheckSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  redeemBonus: defineEndpoint({
    method: 'POST',
    path: 'guest/redeemBonus',
    body: RedeemBonusRequestSchema,
    response: RedeemBonusResultSchema,
    errors: ['NOT_LOGGED_IN', 'RESTRICTED', 'INVALID_REWARD', ...REDEEM_REFUSALS],
  }),
  hasPendingOnTopCode: defineEndpoint({
    method: 'GET',
    path: 'promo/hasGuestNotRedeemedOnTopCodeInstance/:promoCode',
    params: PromoCodeParamsSchema,
    response: z.boolean(),
    errors: ['NOT_LOGGED_IN'],
  }),
};
