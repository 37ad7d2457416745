/**
 * Voice calls on every page (issue 18, decision 0051). The shell carries only this: once the page is
 * idle after load (when the socket connects too), the voice call slot loads as its own chunk, so
 * nothing of it is in the first load (decision 0035).
 */
import type { Language } from '@vela/contracts/common';
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdleAfterLoad } from '../realtime/state/whenIdleAfterLoad.ts';

const VoiceCallSlot = lazy(() => import('./VoiceCallSlot.tsx'));

export function VoiceCallMount({ lang }: { lang: Language }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <VoiceCallSlot lang={lang} />
    </Suspense>
  ) : null;
}
