/** Request bodies of the guest routes: the shared shapes of @vela/contracts/guest-api plus route params. */
import { z } from 'zod';

export {
  CloseDataProtectionRequestSchema as CloseDataProtectionSchema,
  LoginRequestSchema as LoginSchema,
  NewsletterSubscribeRequestSchema as NewsletterSubscribeSchema,
  NewsletterUnsubscribeRequestSchema as NewsletterUnsubscribeSchema,
  NotificationSettingsUpdateSchema,
  OnSuccessRequestSchema as OnSuccessSchema,
  PasswordChangeRequestSchema as PasswordChangeSchema,
  PasswordLostRequestSchema as PasswordLostSchema,
  PasswordResetRequestSchema as PasswordResetSchema,
  SavePreferencesRequestSchema as SavePreferencesSchema,
  SignupRequestSchema as SignupSchema,
} from '@vela/contracts/guest-api';

export const SessionIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,15}$/) });
