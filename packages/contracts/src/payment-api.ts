/**
 * Shapes of the charge calls (issue 4, deliverable 3): the payment dialog asks the server to
 * charge the guest at the payment provider (the sandbox provider here); a succeeded charge is
 * credited to the wallet exactly once (ledger top-up, key `charge:<id>`).
 *
 * `POST /rest/v1/payment/charges` with a ChargeRequest answers `{ success, data: { charge } }`.
 * The same `idempotencyKey` from the same guest always answers the same charge (a retry after a
 * lost answer or a crash never charges twice). `GET /rest/v1/payment/charges/:id` reads one.
 */
import { z } from 'zod';

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
  nextAction: z.object({ type: z.literal('3ds'), url: z.string() }).nullable(),
  /** The wallet balance after the credit (succeeded charges), else null. */
  balanceCents: z.number().int().nonnegative().nullable(),
  createdAt: z.string(),
});
export type Charge = z.infer<typeof ChargeSchema>;

export const ChargeAnswerSchema = z.object({ charge: ChargeSchema });
export type ChargeAnswer = z.infer<typeof ChargeAnswerSchema>;
