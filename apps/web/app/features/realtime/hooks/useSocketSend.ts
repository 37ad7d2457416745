/**
 * Sends a request on the page's socket (queued until the session is acknowledged). The function
 * answers false when it was refused (a visitor's page, or no socket: SSR or outside the provider).
 */
import type { ClientSocketRequest } from '@vela/contracts/socket';
import { useCallback } from 'react';
import { useSocketClient } from '../state/RealtimeProvider.tsx';

export function useSocketSend(): (request: ClientSocketRequest) => boolean {
  const client = useSocketClient();
  return useCallback((request: ClientSocketRequest) => client?.send(request) ?? false, [client]);
}
