/** Request bodies of the guest routes. Rules (email format, password policy) are checked in the routes. */
import { z } from 'zod';

export const SignupSchema = z.strictObject({
  screenName: z
    .string()
    .trim()
    .min(3)
    .max(32)
    .regex(/^[\p{L}\p{N}_.-]+$/u, 'letters, digits, _ . - only'),
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(1024),
  signupOrigin: z.string().max(64).optional(),
});

export const LoginSchema = z.strictObject({
  /** Screen name or email. */
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

export const PasswordChangeSchema = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(1024),
});

export const SessionIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,15}$/) });
