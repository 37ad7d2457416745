/**
 * Registers a callback for VIP/TV changes (spec 4: "Registered callback runs or page reloads"):
 * `vipAboUpdate` / `vxtvAboUpdate`, and the resync after a reconnect. While a mounted component
 * has one, such a change does not reload the page; the viewer's flags follow either way.
 */
import { useEffect, useRef } from 'react';
import { useRealtimeStores } from '../state/RealtimeProvider.tsx';
import type { AboUpdate } from '../state/realtimeWiring.ts';

export function useAboUpdate(handler: (update: AboUpdate) => void): void {
  const handlers = useRealtimeStores()?.aboHandlers ?? null;
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!handlers) return;
    const registered = (update: AboUpdate) => latest.current(update);
    handlers.add(registered);
    return () => {
      handlers.delete(registered);
    };
  }, [handlers]);
}
