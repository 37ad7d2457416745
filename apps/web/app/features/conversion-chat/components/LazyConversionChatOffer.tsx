/**
 * Where /free-chat/ offers the conversion chat (decision 0047): only to a logged-in guest who has not
 * paid yet (spec 6 logged-in only; a paying guest is converted already). The offer's words and calls
 * load after hydration, so the page's first load carries only this wrapper.
 */
import { lazy, Suspense } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';

const ConversionChatOffer = lazy(() => import('./ConversionChatOffer.tsx'));

export function LazyConversionChatOffer() {
  const { loggedIn, snapshot, pending } = useViewer();
  if (pending || !loggedIn || snapshot.isPayingCustomer) return null;
  return (
    <Suspense fallback={null}>
      <ConversionChatOffer />
    </Suspense>
  );
}
