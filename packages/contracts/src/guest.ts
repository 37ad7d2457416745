/**
 * Guest shapes (spec 3, 4, 6) shared by server, web and the payment dialog. Field names are the
 * spec's. Only the fields that exist so far; the rest arrive with their features. The rules over
 * these shapes live in @vela/domain (avs, restrictions, email, password-policy).
 */
import { z } from 'zod';

/** Age verification status (spec 4). */
export const AVS_STATUSES = ['unknown', 'pending', 'rejected', 'accepted'] as const;
export const AvsStatusSchema = z.enum(AVS_STATUSES);
export type AvsStatus = z.infer<typeof AvsStatusSchema>;

/** Socket events announcing an age verification change (spec 4). */
export const AvsSocketEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('avsSet') }),
  z.strictObject({ type: z.literal('avsRevoked') }),
  z.strictObject({ type: z.literal('avsPending') }),
  z.strictObject({ type: z.literal('avsRejected'), message: z.string().max(1000).optional() }),
]);
export type AvsSocketEvent = z.infer<typeof AvsSocketEventSchema>;

/** Restriction reasons (spec 6), returned by the server; they drive the login/AVS/VIP/purchase dialogs. */
export const RESTRICTION_REASONS = [
  'need-login',
  'need-age-check',
  'need-subscription',
  'need-purchase',
] as const;
export const RestrictionReasonSchema = z.enum(RESTRICTION_REASONS);
export type RestrictionReason = z.infer<typeof RestrictionReasonSchema>;

/** Roles (spec 6). */
export const GUEST_ROLES = [
  'anonymous',
  'logged-in',
  'anonymous-voice-caller',
  'vip',
  'tv-subscriber',
  'paying',
  'age-verified',
  'locked',
  'restricted',
] as const;
export const GuestRoleSchema = z.enum(GUEST_ROLES);
export type GuestRole = z.infer<typeof GuestRoleSchema>;

/** The Guest entity (spec 3), as the guest reads it about themself. */
export const GuestSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  balance: z.number().int(),
  balanceFormatted: z.string(),
  isPayingCustomer: z.boolean(),
  isForcePayment: z.boolean(),
  isVip: z.boolean(),
  isVXTVAboSubscriber: z.boolean(),
  hasAvs: z.boolean(),
  avsStatus: AvsStatusSchema,
  avsRejectMessage: z.string().nullable(),
  isLocked: z.boolean(),
  isLoggedIn: z.boolean(),
  isRestricted: z.boolean(),
  restrictionLevel: z.number().int().nonnegative(),
  isBlockedForComments: z.boolean(),
  isVoicecallActive: z.boolean(),
  isAnonymousVoicecall: z.boolean(),
  showDataProtection: z.boolean(),
  signupOrigin: z.string().nullable(),
});
export type Guest = z.infer<typeof GuestSchema>;

/** A refused action names the reason (spec 6) so the client opens the right dialog. */
export const RestrictedErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({ code: z.literal('RESTRICTED'), message: z.string(), reason: RestrictionReasonSchema }),
});
export type RestrictedErrorBody = z.infer<typeof RestrictedErrorBodySchema>;
