/** Request bodies of the guest routes: the shared shapes of @vela/contracts/guest-api plus route params. */
import { z } from 'zod';

export {
  LoginRequestSchema as LoginSchema,
  PasswordChangeRequestSchema as PasswordChangeSchema,
  SignupRequestSchema as SignupSchema,
} from '@vela/contracts/guest-api';

export const SessionIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,15}$/) });
