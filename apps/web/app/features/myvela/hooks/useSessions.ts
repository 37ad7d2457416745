import { useCallback, useEffect, useState } from 'react';
import { fetchSessions } from '../api/guestApi.ts';
import { errorCodeOf } from '../errors.ts';
import type { GuestSession } from '../profile.ts';

export type SessionsState =
  | { status: 'loading'; sessions: GuestSession[] }
  | { status: 'ready'; sessions: GuestSession[] }
  | { status: 'error'; sessions: GuestSession[]; code: string };

/** The guest's live sessions (GET guest/sessions); `reload` after a change elsewhere (password). */
export function useSessions(enabled: boolean) {
  const [state, setState] = useState<SessionsState>({ status: 'loading', sessions: [] });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on demand (reload).
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((current) => ({ status: 'loading', sessions: current.sessions }));
    fetchSessions().then(
      (sessions) => {
        if (live) setState({ status: 'ready', sessions });
      },
      (error: unknown) => {
        if (live)
          setState((current) => ({ status: 'error', sessions: current.sessions, code: errorCodeOf(error) }));
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const remove = useCallback((id: string) => {
    setState((current) => ({ ...current, sessions: current.sessions.filter((s) => s.id !== id) }));
  }, []);
  return { state, reload, remove };
}
