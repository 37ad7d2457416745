/**
 * Whether a performer is online: the value the page was rendered with until an `actorOnline` /
 * `actorOffline` event names them (the server render and hydration use the initial value).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useRealtimeStores } from '../state/RealtimeProvider.tsx';

const noSubscription = () => () => {};

export function useActorOnline(actorId: number, initialOnline: boolean): boolean {
  const presence = useRealtimeStores()?.presence ?? null;
  const read = useCallback(
    () => presence?.isOnline(actorId) ?? initialOnline,
    [presence, actorId, initialOnline],
  );
  const initial = useCallback(() => initialOnline, [initialOnline]);
  return useSyncExternalStore(presence ? presence.subscribe : noSubscription, read, initial);
}
