/**
 * Where the live-show tab holds the live chat (issue 16). The chat's code (WebRTC, the chat, its
 * catalogue) loads only in the browser, after the page is interactive, as its own chunk: the tab's
 * first load carries this file only (decision 0035). Until it is there the price shows.
 */
import type { Language } from '@vela/contracts/common';
import { lazy, Suspense, useEffect, useState } from 'react';
import '../live.css';
import type { LiveChatActor } from './LiveChatSection.tsx';
import { PriceTag } from './PriceTag.tsx';

const LiveChatSection = lazy(() => import('./LiveChatSection.tsx'));

export function LiveChatSlot({ actor, lang }: { actor: LiveChatActor; lang: Language }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = actor.isOnline ? (
    <div className="live-start" aria-busy="true" data-live-phase="loading">
      <PriceTag price={actor.chatPrice} lang={lang} />
    </div>
  ) : null;
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LiveChatSection actor={actor} lang={lang} />
    </Suspense>
  );
}
