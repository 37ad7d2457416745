/**
 * Voice calls on every page (issue 18, decision 0051). The shell carries only this: it follows what the
 * socket says about the guest's call from before the socket's first connection (the snapshot of every
 * `ackSession`, `voicecallStart`, `voicecallStop`: `voiceCallSocket.ts`), so a call starting while the
 * page loads is never missed; once the page is idle after load (when the socket connects too), the
 * voice call slot loads as its own chunk and acts on it, so nothing else of it is in the first load
 * (decision 0035). A logged-in page asks no voice call request of its own.
 */
import type { Language } from '@vela/contracts/common';
import { lazy, Suspense, useEffect, useReducer, useState } from 'react';
import { useSocketClient } from '../realtime/state/RealtimeProvider.tsx';
import { whenIdleAfterLoad } from '../realtime/state/whenIdleAfterLoad.ts';
import { NO_SOCKET_CALL, reduceVoiceCallSocket } from './voiceCallSocket.ts';

const VoiceCallSlot = lazy(() => import('./VoiceCallSlot.tsx'));

export function VoiceCallMount({ lang }: { lang: Language }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setReady(true)), []);
  const client = useSocketClient();
  const [socketCall, dispatch] = useReducer(reduceVoiceCallSocket, NO_SOCKET_CALL);
  // Subscribed before the provider starts the client (a child's effect runs first); an existing
  // session (a remount) is taken as it is.
  useEffect(() => {
    if (!client) return;
    if (client.session) dispatch(client.session);
    const offs = [
      client.on('ackSession', dispatch),
      client.on('voicecallStart', dispatch),
      client.on('voicecallStop', dispatch),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [client]);
  return ready ? (
    <Suspense fallback={null}>
      <VoiceCallSlot lang={lang} socketCall={socketCall} />
    </Suspense>
  ) : null;
}
