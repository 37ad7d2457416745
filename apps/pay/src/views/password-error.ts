import { ApiError } from '../api.ts';
import { errorText } from '../errors.ts';
import type { PayTranslate } from '../i18n.ts';
import { loadPasswordPolicy, passwordLimits } from '../password.ts';

/** The password policy check of @vela/domain (as on the server), as a translated field error. */
export async function passwordError(t: PayTranslate, password: string): Promise<string | undefined> {
  if (password === '') return t('required');
  const policy = await loadPasswordPolicy();
  const check = policy.checkPassword(password);
  if (check.ok) return undefined;
  return errorText(t, new ApiError(check.code, check.code, 400), { limits: passwordLimits() });
}
