/**
 * Spec 4: "going offline removes actor from recommendations". The items whose performer an
 * `actorOffline` event named since the page loaded are left out (an `actorOnline` brings them back);
 * the server render keeps the list as loaded.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { PresenceStore } from '../state/presenceStore.ts';
import { useRealtimeStores } from '../state/RealtimeProvider.tsx';

const noSubscription = () => () => {};

/** The items without those whose actor the store knows to be offline. */
export function withoutOfflineActors<T>(
  items: readonly T[],
  actorIdOf: (item: T) => number,
  presence: Pick<PresenceStore, 'isOnline'> | null,
): T[] {
  return presence ? items.filter((item) => presence.isOnline(actorIdOf(item)) !== false) : [...items];
}

export function useWithoutOfflineActors<T>(items: readonly T[], actorIdOf: (item: T) => number): T[] {
  const presence = useRealtimeStores()?.presence ?? null;
  // A key of the offline ones among these items: the list is rebuilt only when that changes.
  const offlineKey = useCallback(
    () =>
      presence
        ? items
            .map(actorIdOf)
            .filter((id) => presence.isOnline(id) === false)
            .join(',')
        : '',
    [presence, items, actorIdOf],
  );
  const key = useSyncExternalStore(presence ? presence.subscribe : noSubscription, offlineKey, () => '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for what the store says.
  return useMemo(() => withoutOfflineActors(items, actorIdOf, presence), [items, actorIdOf, presence, key]);
}
