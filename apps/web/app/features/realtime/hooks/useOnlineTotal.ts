/** Performers online (the navbar's count): the rendered value until a presence event brings a newer one. */
import { useCallback, useSyncExternalStore } from 'react';
import { useRealtimeStores } from '../state/RealtimeProvider.tsx';

const noSubscription = () => () => {};

export function useOnlineTotal(initial: number): number {
  const presence = useRealtimeStores()?.presence ?? null;
  const read = useCallback(() => presence?.onlineTotal() ?? initial, [presence, initial]);
  const rendered = useCallback(() => initial, [initial]);
  return useSyncExternalStore(presence ? presence.subscribe : noSubscription, read, rendered);
}
