/**
 * Home's slot for the favorite block (spec 2): the block's code loads only for a logged-in guest
 * (decision 0033: the shared home render has no viewer; decision 0035: a visitor's first load does
 * not carry it). Visitors, and guests while their viewer is read, get nothing.
 */
import type { Language } from '@vela/contracts/common';
import { lazy, Suspense } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';

const FavoriteHomeBlock = lazy(() =>
  import('./FavoriteHomeBlock.tsx').then((module) => ({ default: module.FavoriteHomeBlock })),
);

export function HomeFavorites({ lang }: { lang: Language }) {
  const { loggedIn } = useViewer();
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <FavoriteHomeBlock lang={lang} />
    </Suspense>
  );
}
