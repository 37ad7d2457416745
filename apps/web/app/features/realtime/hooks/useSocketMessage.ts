/**
 * Runs `handler` for every incoming socket message of `type` while the component is mounted (the
 * latest handler: no need to memoize it). Nothing happens outside a RealtimeProvider or during SSR.
 */
import type { ServerMessageOf, ServerSocketMessageType } from '@vela/contracts/socket';
import { useEffect, useRef } from 'react';
import { useSocketClient } from '../state/RealtimeProvider.tsx';

export function useSocketMessage<T extends ServerSocketMessageType>(
  type: T,
  handler: (message: ServerMessageOf<T>) => void,
): void {
  const client = useSocketClient();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!client) return;
    return client.on(type, (message) => latest.current(message));
  }, [client, type]);
}
