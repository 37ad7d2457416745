/**
 * The favorite models list (spec 4 "Favorites", spec 9: 50, online first), asked over the socket
 * when a block shows it and again after a pin elsewhere or a reconnect; presence events keep its
 * online flags and count current (favoritesStore). Logged-in only (spec 5: favorites load only when
 * logged in): a visitor's socket has no session snapshot and asks nothing.
 */
import { useEffect } from 'react';
import { useSocketSend } from '../../realtime/hooks/useSocketSend.ts';
import { useSocketSession } from '../../realtime/hooks/useSocketSession.ts';
import { useSocketStatus } from '../../realtime/hooks/useSocketStatus.ts';
import { useFavorites } from './useFavorites.ts';

export function useFavoriteActorsList() {
  const favorites = useFavorites();
  const { actors, stale } = favorites;
  const session = useSocketSession();
  const status = useSocketStatus();
  const send = useSocketSend();
  const loggedInSocket = session?.snapshot != null;

  useEffect(() => {
    if (loggedInSocket && (actors === null || stale)) send({ type: 'favoriteRequestActors' });
  }, [loggedInSocket, actors, stale, send]);

  const onlineOfList = actors?.filter((a) => a.isOnline).length ?? 0;
  return {
    actors,
    /** Online pinned actors (all of them, not only the listed ones). */
    online: favorites.onlineTotal ?? onlineOfList,
    /** Pinned actors offered here (the snapshot's and every tab's pins). */
    total: Math.max(favorites.pinnedActorIds.size, actors?.length ?? 0),
    /** The socket is down: the list cannot come now. */
    offline: status === 'closed',
  };
}
