/**
 * The guest's membership on the /vipclub/ page, read with the session cookie (client side: guest
 * data is never in the SSR cache): loading, ready, or an error the page offers to retry.
 */
import type { SubscriptionsState, Vip30History } from '@vela/contracts/subscriptions-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchMembership, fetchVip30History } from '../api/subscriptionsApi.ts';

export type MembershipState =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'ready'; membership: SubscriptionsState; history: Vip30History | null };

export function useMembership(enabled: boolean) {
  const [state, setState] = useState<MembershipState>({ kind: 'loading' });
  const latest = useRef<SubscriptionsState | null>(null);

  /** Reads the membership again; answers it (null on failure, the error state shows). */
  const reload = useCallback(async (): Promise<SubscriptionsState | null> => {
    try {
      const membership = await fetchMembership();
      const history = membership.vip ? await fetchVip30History().catch(() => null) : null;
      latest.current = membership;
      setState({ kind: 'ready', membership, history });
      return membership;
    } catch {
      setState((current) => (current.kind === 'ready' ? current : { kind: 'error' }));
      return null;
    }
  }, []);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  /** The membership as last read (before a change), for the analytics comparison. */
  const current = useCallback(() => latest.current, []);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    void reload();
  }, [reload]);
  return { state, current, reload, retry };
}
