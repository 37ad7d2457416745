/**
 * Where the profile page offers phone verification (issue 18): the section's words, calls and rules
 * load after hydration, so the page's first load (decision 0035, little margin left) carries only
 * this wrapper.
 */
import type { Language } from '@vela/contracts/common';
import { lazy, Suspense } from 'react';

const PincallSection = lazy(() => import('./PincallSection.tsx'));

export function LazyPincallSection({ lang }: { lang: Language }) {
  return (
    <Suspense fallback={null}>
      <PincallSection lang={lang} />
    </Suspense>
  );
}
