/**
 * Guest shapes (spec 3, 4, 6) shared by server, web and the payment dialog. Field names are the
 * spec's. Only the fields that exist so far; the rest arrive with their features. The rules over
 * these shapes live in @vela/domain (avs, restrictions, email, password-policy).
 */
import { AVS_STATUSES } from '@vela/domain/avs';
import { GUEST_ROLES, RESTRICTION_REASONS } from '@vela/domain/restrictions';
import { z } from 'zod';

/** Age verification status (spec 4); the list and its state machine live in @vela/domain/avs. */
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
export const RestrictionReasonSchema = z.enum(RESTRICTION_REASONS);
export type RestrictionReason = z.infer<typeof RestrictionReasonSchema>;

/** Roles (spec 6). */
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
