/**
 * The registered `not-enough-money` modal (modals/registry.ts): its words and actions load when it
 * first opens, so the shell's first load carries only this wrapper (bench/first-load-js.ts).
 */
import { lazy, Suspense } from 'react';
import type { ModalComponentProps } from '../../modals/registry.ts';

const NotEnoughMoneyModal = lazy(() => import('./NotEnoughMoneyModal.tsx'));

export function LazyNotEnoughMoneyModal(props: ModalComponentProps) {
  return (
    <Suspense fallback={<p aria-busy="true" className="modal__content" />}>
      <NotEnoughMoneyModal {...props} />
    </Suspense>
  );
}
