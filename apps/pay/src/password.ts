/**
 * The password policy of @vela/domain (the same function the server runs), loaded on demand: its
 * list of common passwords is large, so it is a separate chunk fetched when a password form opens.
 */
type PasswordPolicy = typeof import('@vela/domain/password-policy');

let loaded: PasswordPolicy | null = null;
let loading: Promise<PasswordPolicy> | null = null;

export function loadPasswordPolicy(): Promise<PasswordPolicy> {
  loading ??= import('@vela/domain/password-policy').then((policy) => {
    loaded = policy;
    return policy;
  });
  return loading;
}

export interface PasswordLimits {
  min: number;
  max: number;
}

export function passwordLimits(): PasswordLimits | null {
  return loaded ? { min: loaded.PASSWORD_MIN_LENGTH, max: loaded.PASSWORD_MAX_LENGTH } : null;
}
