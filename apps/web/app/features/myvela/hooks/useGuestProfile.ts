import type { Language } from '@vela/contracts/common';
import { useCallback, useEffect, useState } from 'react';
import { fetchProfile } from '../api/guestApi.ts';
import { errorCodeOf } from '../errors.ts';
import type { GuestProfile } from '../profile.ts';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: GuestProfile }
  | { status: 'error'; code: string };

/** The guest's profile from GET guest/profile, loaded in the browser (the page context has no guest service). */
export function useGuestProfile(lang: Language, enabled: boolean) {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on demand (reload).
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ status: 'loading' });
    fetchProfile(lang).then(
      (profile) => {
        if (live) setState({ status: 'ready', profile });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', code: errorCodeOf(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [lang, enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  /** Keeps the loaded profile in step with what a form just saved. */
  const update = useCallback((change: (profile: GuestProfile) => GuestProfile) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', profile: change(current.profile) } : current,
    );
  }, []);
  return { state, reload, update };
}
