import { useEffect, useState } from 'react';
import { useDialog } from '../dialog-context.ts';
import { loadPasswordPolicy, passwordLimits } from '../password.ts';

/**
 * The hint under a new-password field ("at least N characters"): starts loading the password
 * policy when the form mounts; undefined until it has loaded.
 */
export function usePasswordHint(): string | undefined {
  const { t } = useDialog();
  const [limits, setLimits] = useState(passwordLimits());
  useEffect(() => {
    loadPasswordPolicy().then(() => setLimits(passwordLimits()));
  }, []);
  return limits ? t('passwordHint', { min: limits.min }) : undefined;
}
