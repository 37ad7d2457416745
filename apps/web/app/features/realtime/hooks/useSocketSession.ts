/**
 * The last `ackSession` of the page's socket (guest id, language and the snapshot: balance, AVS,
 * VIP/TV, notification counts, pinned actors); null before the first and during SSR. It changes
 * after every reconnect (the resync).
 */
import type { ServerMessageOf } from '@vela/contracts/socket';
import { useCallback, useSyncExternalStore } from 'react';
import { useSocketClient } from '../state/RealtimeProvider.tsx';

type Session = ServerMessageOf<'ackSession'>;
const none = (): Session | null => null;

export function useSocketSession(): Session | null {
  const client = useSocketClient();
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.on('ackSession', listener) : () => {}),
    [client],
  );
  return useSyncExternalStore(subscribe, client ? () => client.session : none, none);
}
