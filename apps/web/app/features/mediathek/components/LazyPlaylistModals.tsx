/**
 * The registered `playlist-delete` and `playlist-cancel-changes` modals (modals/registry.ts): their
 * words and actions load when one first opens, so the shell's first load carries only these wrappers
 * (bench/first-load-js.ts).
 */
import { lazy, Suspense } from 'react';
import type { ModalComponentProps } from '../../modals/registry.ts';

const DeleteModal = lazy(() =>
  import('./PlaylistConfirmModal.tsx').then((m) => ({ default: m.PlaylistDeleteModal })),
);
const CancelChangesModal = lazy(() =>
  import('./PlaylistConfirmModal.tsx').then((m) => ({ default: m.PlaylistCancelChangesModal })),
);
const loading = <p aria-busy="true" className="modal__content" />;

export function LazyPlaylistDeleteModal(props: ModalComponentProps) {
  return (
    <Suspense fallback={loading}>
      <DeleteModal {...props} />
    </Suspense>
  );
}

export function LazyPlaylistCancelChangesModal(props: ModalComponentProps) {
  return (
    <Suspense fallback={loading}>
      <CancelChangesModal {...props} />
    </Suspense>
  );
}
