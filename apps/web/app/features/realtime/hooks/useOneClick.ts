/**
 * One-click top-up (spec 4/7 `canOneClick` -> `canOneClickResult`): a function that asks the
 * server whether the guest can top up with one click and resolves with its configuration (stored
 * payment method, amounts, auto-recharge). It rejects with a SocketRequestError when the server
 * refuses (a visitor: NOT_LOGGED_IN), when there is no socket, or after 15 s without an answer.
 */
import type { OneClickConfig } from '@vela/contracts/payment-api';
import { useCallback } from 'react';
import { SocketRequestError } from '../socketClient.ts';
import { useRealtime } from '../state/RealtimeProvider.tsx';

export function useOneClick(): () => Promise<OneClickConfig> {
  const client = useRealtime()?.client ?? null;
  return useCallback(async () => {
    if (!client) throw new SocketRequestError('NOT_SENT', 'No socket on this page');
    const result = await client.request({ type: 'canOneClick' }, 'canOneClickResult');
    return result.config;
  }, [client]);
}
