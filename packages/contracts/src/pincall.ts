/**
 * Pin call verification over the guest service (spec 7 "GraphQL POST for pin call start (phone
 * number, type, language) and verify (id, type, pin)", spec 4 states, spec 8 codes 1-10, spec 3 guest
 * `pincallVerifications`): the documents the web sends and the answers' shapes.
 */
import { PINCALL_ERROR_CODES, PINCALL_STATES, PINCALL_TYPES } from '@vela/domain/pincall';
import { z } from 'zod';

/** Longest pincall id or pin accepted at all (longer is a bad request, never a lookup). */
export const PINCALL_ID_MAX_LENGTH = 64;
export const PINCALL_PIN_MAX_LENGTH = 16;

const ErrorCodeSchema = z
  .number()
  .int()
  .refine((code) => (PINCALL_ERROR_CODES as readonly number[]).includes(code));

export const PincallStartResultSchema = z.object({
  success: z.boolean(),
  /** The verification's id (to verify with); null when refused. */
  id: z.string().nullable(),
  /** Digits of the pin that was sent (spec 5: 6 mobile, 5 fixed line; the server supplies it). */
  codeLength: z.number().int().nullable(),
  state: z.enum(PINCALL_STATES).nullable(),
  /** Spec 8 phone verification code; null on success. */
  errorCode: ErrorCodeSchema.nullable(),
});
export type PincallStartResult = z.infer<typeof PincallStartResultSchema>;

export const PincallVerifyResultSchema = z.object({
  success: z.boolean(),
  state: z.enum(PINCALL_STATES).nullable(),
  errorCode: ErrorCodeSchema.nullable(),
  /** Wrong pins the verification still takes (0 once code 9 answered); null when not applicable. */
  attemptsLeft: z.number().int().nullable(),
});
export type PincallVerifyResult = z.infer<typeof PincallVerifyResultSchema>;

export const VerifiedPhoneSchema = z.object({
  /** Masked, e.g. `+49 151 ••• 4567`. */
  phone: z.string(),
  type: z.enum(PINCALL_TYPES),
  verifiedAt: z.string(),
});

/** Spec 3 Guest.pincallVerifications: the verified numbers (masked) and the open verification. */
export const PincallVerificationsSchema = z.object({
  verified: z.array(VerifiedPhoneSchema),
  open: z
    .object({
      id: z.string(),
      phone: z.string(),
      type: z.enum(PINCALL_TYPES),
      codeLength: z.number().int(),
      attemptsLeft: z.number().int(),
      expiresAt: z.string(),
    })
    .nullable(),
});
export type PincallVerifications = z.infer<typeof PincallVerificationsSchema>;

const START_FIELDS = 'success id codeLength state errorCode';
const VERIFY_FIELDS = 'success state errorCode attemptsLeft';
const VERIFICATIONS_FIELDS =
  'verified { phone type verifiedAt } open { id phone type codeLength attemptsLeft expiresAt }';

/** The guest service documents (each needs the page's access token). */
export const PINCALL_DOCUMENTS = {
  pincallStart: `mutation PincallStart($phoneNumber: String!, $type: String!, $language: String!) { pincallStart(phoneNumber: $phoneNumber, type: $type, language: $language) { ${START_FIELDS} } }`,
  pincallVerify: `mutation PincallVerify($id: String!, $type: String!, $pin: String!) { pincallVerify(id: $id, type: $type, pin: $pin) { ${VERIFY_FIELDS} } }`,
  pincallVerifications: `query PincallVerifications { pincallVerifications { ${VERIFICATIONS_FIELDS} } }`,
} as const;
