/** The socket's status (connecting, open = session acknowledged, closed); 'closed' during SSR. */
import { useCallback, useSyncExternalStore } from 'react';
import type { SocketStatus } from '../socketClient.ts';
import { useSocketClient } from '../state/RealtimeProvider.tsx';

const closed = (): SocketStatus => 'closed';

export function useSocketStatus(): SocketStatus {
  const client = useSocketClient();
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.onStatus(listener) : () => {}),
    [client],
  );
  return useSyncExternalStore(subscribe, client ? () => client.status : closed, closed);
}
