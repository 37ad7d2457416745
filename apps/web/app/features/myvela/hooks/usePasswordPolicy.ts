import { useEffect, useState } from 'react';

type PolicyModule = typeof import('@vela/domain/password-policy');

let loading: Promise<PolicyModule> | null = null;

/**
 * The password policy of @vela/domain, loaded on demand: it carries the list of common passwords
 * (a few hundred KB), which only the password form needs.
 */
export function loadPasswordPolicy(): Promise<PolicyModule> {
  loading ??= import('@vela/domain/password-policy').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export function usePasswordPolicy(): PolicyModule | null {
  const [policy, setPolicy] = useState<PolicyModule | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordPolicy().then(
      (module) => {
        if (live) setPolicy(module);
      },
      () => {
        // The server checks the policy anyway; without the module there is no early feedback.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return policy;
}
