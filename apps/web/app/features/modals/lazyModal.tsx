/**
 * A registered modal whose code loads when it first opens (decision 0035: the shell's first load
 * carries only this wrapper). Until the code is there the dialog shows `Fallback` (by default an
 * empty busy body). With `focusFirstControl`, once the code is there focus moves to the modal's first
 * control if it still rests on the dialog itself, as ModalHost does for a modal whose code is there at
 * once (the coins, AVS and adult-market modals, lazy since issue 18).
 */
import { lazy, Suspense, useEffect } from 'react';
import type { ModalComponent, ModalComponentProps } from './registry.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

function Busy() {
  return <p aria-busy="true" className="modal__content" />;
}

/** After the lazy content's first commit: focus its first control when the dialog itself has it. */
function FocusFirstControl() {
  useEffect(() => {
    const dialog = document.activeElement;
    if (dialog instanceof HTMLElement && dialog.getAttribute('role') === 'dialog') {
      dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }
  }, []);
  return null;
}

export function lazyModal(
  load: () => Promise<ModalComponent>,
  {
    Fallback = Busy,
    focusFirstControl = false,
  }: { Fallback?: ModalComponent; focusFirstControl?: boolean } = {},
): ModalComponent {
  const Modal = lazy(() => load().then((component) => ({ default: component })));
  return function LazyModal(props: ModalComponentProps) {
    return (
      <Suspense fallback={<Fallback {...props} />}>
        <Modal {...props} />
        {focusFirstControl ? <FocusFirstControl /> : null}
      </Suspense>
    );
  };
}
