/**
 * Where a cam show offers its ticket (issue 18: `/cam-shows/` and the profile's live-show tab). The
 * offer's code (the calls, the purchase flow, its words) loads only in the browser, after the page is
 * interactive, as its own chunk: the page's first load carries this file only (decision 0035).
 */
import type { Language } from '@vela/contracts/common';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { OfferedShow } from './components/TicketOffer.tsx';

const TicketOffer = lazy(() => import('./components/TicketOffer.tsx'));

export function TicketSlot({ show, lang }: { show: OfferedShow; lang: Language }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <TicketOffer show={show} lang={lang} />
    </Suspense>
  );
}
