/**
 * Shapes of the charge calls (issue 4, deliverable 3): the payment dialog asks the server to
 * charge the guest at the payment provider (the sandbox provider here); a succeeded charge is
 * credited to the wallet exactly once (ledger top-up, key `charge:<id>`).
 *
 * `POST /rest/v1/payment/charges` with a ChargeRequest answers `{ success, data: { charge } }`.
 * The same `idempotencyKey` from the same guest always answers the same charge (a retry after a
 * lost answer or a crash never charges twice). `GET /rest/v1/payment/charges/:id` reads one (the
 * caller's own only: another guest's is 404); `GET /rest/v1/payment/charges` lists the caller's
 * newest 20 (`{ charges }`, ChargeListAnswerSchema).
 *
 * Sandbox provider test data (docs/decisions/0012-sandbox-payment-provider.md):
 * - card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined `card_declined`;
 *   4000 0000 0000 9995 is declined `insufficient_funds`; 4000 0000 0000 3220 answers
 *   `requires_action` with nextAction `{ type: '3ds', url }` (the sandbox bank page: Approve or
 *   Decline; the dialog may add `&lang=de|en|nl|es`; declining gives `authentication_failed`);
 *   any other valid number is declined `card_declined`. A number failing the Luhn check is 400
 *   INVALID_CARD, an expired card 400 CARD_EXPIRED (nothing stored).
 * - SEPA (paytype LS): IBAN DE89370400440532013000 answers `pending`, then `succeeded` (about 2 s
 *   later, by the provider callback); DE62370400440532013001 `pending`, then `failed`
 *   (`sepa_returned`); an invalid IBAN is 400 INVALID_IBAN.
 * - carrier: `requires_action` with nextAction `{ type: 'sms', msisdn }` (masked); the code is
 *   123456 (`POST payment/charges/:id/confirm`); another code is 400 WRONG_CODE, the third wrong
 *   one fails the charge (`too_many_attempts`).
 * - Voice (flow voice, paytype Voice): succeeds.
 * Stored methods (`POST payment/methods`): 4242, 3220 and 9995 are accepted (no 3-D Secure for the
 * verification), other cards 402 CARD_DECLINED.
 *
 * Error codes: 400 VALIDATION_ERROR, AMOUNT_OUT_OF_RANGE, INVALID_AMOUNT (trial amount is fixed),
 * PAYTYPE_NOT_ALLOWED, FLOW_NOT_ALLOWED (autorecharge is server-started), INVALID_CARD,
 * CARD_EXPIRED, INVALID_IBAN, CARRIER_REQUIRED, WRONG_CODE; 401 for visitors; 402 CARD_DECLINED
 * (methods); 403 RESTRICTED (restricted guests: only flow opcompensation); 404 NOT_FOUND;
 * 409 IDEMPOTENCY_KEY_REUSED, LIMIT_EXCEEDED, TRIAL_NOT_AVAILABLE, NO_PAYMENT_METHOD,
 * ONE_CLICK_NOT_AVAILABLE, CHARGE_NOT_AWAITING_CODE; 429 RATE_LIMITED (Retry-After).
 */
import { z } from 'zod';
import { SandboxPageQuerySchema } from './common.ts';
import { defineEndpoint, definePage } from './endpoint.ts';

/** The dialog flows that charge money (spec 2); voice is a charge with paytype Voice. */
export const CHARGE_FLOWS = [
  'moneycharge',
  'trialmoneycharge',
  'oneclick',
  'autorecharge',
  'carrier',
  'opcompensation',
  'voice',
] as const;
export type ChargeFlow = (typeof CHARGE_FLOWS)[number];

/** Spec 9 paytypes CC and LS (SEPA direct debit) and Voice, plus carrier billing (view carrier). */
export const CHARGE_PAYTYPES = ['CC', 'LS', 'Voice', 'carrier'] as const;
export type ChargePaytype = (typeof CHARGE_PAYTYPES)[number];

export const CHARGE_STATUSES = [
  'created',
  'requires_action',
  'pending',
  'succeeded',
  'declined',
  'failed',
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const CardInputSchema = z.object({
  /** Digits, spaces allowed. */
  number: z.string().trim().min(12).max(23),
  expMonth: z.number().int().min(1).max(12),
  /** Four digits. */
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
  holder: z.string().trim().min(2).max(100),
});
export type CardInput = z.infer<typeof CardInputSchema>;

export const SepaInputSchema = z.object({
  iban: z.string().trim().min(15).max(42),
  holder: z.string().trim().min(2).max(100),
});
export type SepaInput = z.infer<typeof SepaInputSchema>;

export const ChargeRequestSchema = z.object({
  /** Chosen by the client per attempt (a UUID); retries reuse it. */
  idempotencyKey: z.string().min(8).max(100),
  flow: z.enum(CHARGE_FLOWS),
  paytype: z.enum(CHARGE_PAYTYPES),
  /** Euro cents. */
  amountCents: z.number().int().positive(),
  /** A new card (CC) or a new SEPA mandate (LS); without either, the guest's stored method of the paytype. */
  card: CardInputSchema.optional(),
  sepa: SepaInputSchema.optional(),
  /** Paytype carrier: the phone whose bill is charged. */
  carrier: z.object({ msisdn: z.string().regex(/^\+[1-9]\d{7,14}$/) }).optional(),
  /** Keep the new card or mandate as the guest's method of its paytype (one-click, auto-recharge). */
  saveMethod: z.boolean().optional(),
});
export type ChargeRequest = z.infer<typeof ChargeRequestSchema>;

export const ChargeSchema = z.object({
  id: z.string(),
  flow: z.string(),
  paytype: z.enum(CHARGE_PAYTYPES),
  amountCents: z.number().int().positive(),
  status: z.enum(CHARGE_STATUSES),
  /** Why it was declined or failed (a code the dialog translates), else null. */
  declineCode: z.string().nullable(),
  /** 3-D Secure: where the guest confirms the payment; null when nothing is to do. */
  nextAction: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('3ds'), url: z.string() }),
      z.object({ type: z.literal('sms'), msisdn: z.string() }),
    ])
    .nullable(),
  /** The wallet balance after the credit (succeeded charges), else null. */
  balanceCents: z.number().int().nonnegative().nullable(),
  createdAt: z.string(),
});
export type Charge = z.infer<typeof ChargeSchema>;

export const ChargeAnswerSchema = z.object({ charge: ChargeSchema });
export type ChargeAnswer = z.infer<typeof ChargeAnswerSchema>;
/** `GET payment/charges`: the caller's newest charges. */
export const ChargeListAnswerSchema = z.object({ charges: z.array(ChargeSchema) });

/**
 * Carrier billing (view carrier): the sandbox operator sends a code by SMS to the phone number;
 * the charge waits in `requires_action` (nextAction type `sms`) until the code is confirmed with
 * `POST payment/charges/:id/confirm { code }`.
 */
export const CarrierInputSchema = z.object({
  /** E.164, e.g. +4915100000001. */
  msisdn: z.string().regex(/^\+[1-9]\d{7,14}$/),
});
export type CarrierInput = z.infer<typeof CarrierInputSchema>;

export const ConfirmChargeRequestSchema = z.object({ code: z.string().regex(/^\d{4,8}$/) });

/** A stored means of payment (`GET payment/methods`; replaced by flows changecc and changels). */
export const PaymentMethodSchema = z.object({
  id: z.string(),
  paytype: z.enum(['CC', 'LS']),
  /** e.g. "Visa •••• 4242" or "DE89 •••• 3000"; never a full number. */
  label: z.string(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PaymentMethodsAnswerSchema = z.object({ methods: z.array(PaymentMethodSchema) });

/** `POST payment/methods`: flow changecc (a card) or changels (a SEPA mandate) replaces the active one. */
export const ChangeMethodRequestSchema = z.discriminatedUnion('paytype', [
  z.object({ paytype: z.literal('CC'), card: CardInputSchema }),
  z.object({ paytype: z.literal('LS'), sepa: SepaInputSchema }),
]);
export type ChangeMethodRequest = z.infer<typeof ChangeMethodRequestSchema>;
export const PaymentMethodAnswerSchema = z.object({ method: PaymentMethodSchema });

/**
 * `GET payment/settings` / `POST payment/settings` (partial update): one-click, auto-recharge
 * (flow autorecharge: threshold and amount) and the monthly top-up limit (flow limit).
 */
export const PaymentSettingsSchema = z.object({
  oneClickEnabled: z.boolean(),
  autoRecharge: z.object({
    enabled: z.boolean(),
    thresholdCents: z.number().int().nonnegative(),
    amountCents: z.number().int().positive(),
  }),
  /** Top-ups per calendar month (Europe/Berlin) may not exceed it; null: no limit. */
  monthlyLimitCents: z.number().int().positive().nullable(),
  /** Succeeded top-ups this calendar month. */
  monthToDateCents: z.number().int().nonnegative(),
  /** Preset amounts of the charge views. */
  amountsCents: z.array(z.number().int().positive()),
  autoRechargeAmountsCents: z.array(z.number().int().positive()),
  /** Bounds of one charge. */
  minChargeCents: z.number().int().positive(),
  maxChargeCents: z.number().int().positive(),
  /** Flow trialmoneycharge: offered once, to a guest who never paid. */
  trial: z.object({ available: z.boolean(), amountCents: z.number().int().positive() }),
  methods: z.array(PaymentMethodSchema),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** The settings a guest may change: any of these fields of PaymentSettings. */
export const PaymentSettingsUpdateSchema = PaymentSettingsSchema.pick({
  oneClickEnabled: true,
  autoRecharge: true,
  monthlyLimitCents: true,
}).partial();
export type PaymentSettingsUpdate = z.infer<typeof PaymentSettingsUpdateSchema>;

/** Spec 7 `POST guest/autoRechargeTeaserState` (mode): how the guest left the auto-recharge teaser; answers `{ mode }`. */
export const AutoRechargeTeaserStateRequestSchema = z.object({
  mode: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
});

/**
 * `GET payment/canOneClick` (socket `canOneClick` -> `canOneClickResult` in issue 6): the spec 3
 * one-click charge config.
 */
export const OneClickConfigSchema = z.object({
  canOneClick: z.boolean(),
  config: z.object({ paytype: z.enum(['CC', 'LS']).nullable(), methodLabel: z.string().nullable() }),
  amounts: z.array(z.number().int().positive()),
  autoRechargeConfig: z.object({
    enabled: z.boolean(),
    thresholdCents: z.number().int().nonnegative(),
  }),
  autoRechargeAmount: z.number().int().positive(),
  isPaying: z.boolean(),
});
export type OneClickConfig = z.infer<typeof OneClickConfigSchema>;

/** `POST payment/chargeOneClick` (socket `chargeOneClick`: amount, channelId). */
export const ChargeOneClickRequestSchema = z.object({
  idempotencyKey: z.string().min(8).max(100),
  amountCents: z.number().int().positive(),
  channelId: z.string().max(100).optional(),
});

/** `payment/charges/:id`: a charge's public id. */
export const ChargeIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The form of the sandbox bank's 3-D Secure page: the guest approves or declines the charge. */
export const ChallengeFormSchema = SandboxPageQuerySchema.extend({
  decision: z.enum(['approve', 'decline']),
});

/**
 * The sandbox bank's 3-D Secure page (HTML in the dialog's frame, a link with a signed token, no
 * session) and its form post: pages, not endpoints (decision 0032).
 */
export const paymentPages = {
  /** `payment/sandbox/3ds/:id?token=…&lang=…` */
  challenge: definePage({
    method: 'GET',
    path: 'payment/sandbox/3ds/:id',
    params: ChargeIdParamsSchema,
    query: SandboxPageQuerySchema,
  }),
  answerChallenge: definePage({
    method: 'POST',
    path: 'payment/sandbox/3ds/:id',
    params: ChargeIdParamsSchema,
    body: ChallengeFormSchema,
  }),
};

/** The provider's callback answer (`payment/callback`, signed raw JSON body). */
export const CallbackAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

const CHARGE_ERRORS = [
  'AMOUNT_OUT_OF_RANGE',
  'INVALID_AMOUNT',
  'PAYTYPE_NOT_ALLOWED',
  'FLOW_NOT_ALLOWED',
  'INVALID_CARD',
  'CARD_EXPIRED',
  'INVALID_IBAN',
  'CARRIER_REQUIRED',
  'RESTRICTED',
  'IDEMPOTENCY_KEY_REUSED',
  'LIMIT_EXCEEDED',
  'TRIAL_NOT_AVAILABLE',
  'NO_PAYMENT_METHOD',
] as const;

/** The charge calls of the logged-in guest (decision 0032); `payment/canOneClick` also answers visitors. */
export const paymentEndpoints = {
  createCharge: defineEndpoint({
    method: 'POST',
    path: 'payment/charges',
    body: ChargeRequestSchema,
    response: ChargeAnswerSchema,
    errors: ['NOT_LOGGED_IN', ...CHARGE_ERRORS],
  }),
  charges: defineEndpoint({
    method: 'GET',
    path: 'payment/charges',
    response: ChargeListAnswerSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  charge: defineEndpoint({
    method: 'GET',
    path: 'payment/charges/:id',
    params: ChargeIdParamsSchema,
    response: ChargeAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'NOT_FOUND'],
  }),
  confirmCharge: defineEndpoint({
    method: 'POST',
    path: 'payment/charges/:id/confirm',
    params: ChargeIdParamsSchema,
    body: ConfirmChargeRequestSchema,
    response: ChargeAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'NOT_FOUND', 'WRONG_CODE', 'CHARGE_NOT_AWAITING_CODE'],
  }),
  methods: defineEndpoint({
    method: 'GET',
    path: 'payment/methods',
    response: PaymentMethodsAnswerSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  changeMethod: defineEndpoint({
    method: 'POST',
    path: 'payment/methods',
    body: ChangeMethodRequestSchema,
    response: PaymentMethodAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'INVALID_CARD', 'CARD_EXPIRED', 'INVALID_IBAN', 'CARD_DECLINED'],
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: 'payment/settings',
    response: PaymentSettingsSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  updateSettings: defineEndpoint({
    method: 'POST',
    path: 'payment/settings',
    body: PaymentSettingsUpdateSchema,
    response: PaymentSettingsSchema,
    errors: ['NOT_LOGGED_IN', 'LIMIT_OUT_OF_RANGE', 'THRESHOLD_OUT_OF_RANGE', 'AMOUNT_OUT_OF_RANGE'],
  }),
  autoRechargeTeaserState: defineEndpoint({
    method: 'POST',
    path: 'guest/autoRechargeTeaserState',
    body: AutoRechargeTeaserStateRequestSchema,
    response: AutoRechargeTeaserStateRequestSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  canOneClick: defineEndpoint({
    method: 'GET',
    path: 'payment/canOneClick',
    response: OneClickConfigSchema,
    errors: [],
  }),
  chargeOneClick: defineEndpoint({
    method: 'POST',
    path: 'payment/chargeOneClick',
    body: ChargeOneClickRequestSchema,
    response: ChargeAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'ONE_CLICK_NOT_AVAILABLE', ...CHARGE_ERRORS],
  }),
  /** The provider's signed callback: the route keeps the raw JSON text (the signature covers it). */
  callback: defineEndpoint({
    method: 'POST',
    path: 'payment/callback',
    response: CallbackAnswerSchema,
    errors: [
      'SIGNATURE_MISSING',
      'SIGNATURE_MALFORMED',
      'SIGNATURE_INVALID',
      'SIGNATURE_EXPIRED',
      'UNKNOWN_CHARGE',
    ],
  }),
  /** Operator API (under `/rest/v1/internal`, guarded there): a guest's newest 100 charges. */
  operatorCharges: defineEndpoint({
    method: 'GET',
    path: 'internal/payments/charges',
    query: z.object({ guestId: z.coerce.number().int().positive() }),
    response: ChargeListAnswerSchema,
    errors: [],
  }),
};
