/**
 * Renders the open modals: role=dialog, aria-modal, aria-labelledby; focus moves in and is
 * trapped; Escape or the backdrop closes (not a blocking modal such as es-avs); focus returns to the opener. Optional scroll lock via
 * the shared counter; above the cookie banner when requested.
 */
import type { ShownModal } from '@vela/domain/modal-stack';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useScrollLock } from '../../scroll/scrollLock.ts';
import { BLOCKING_MODALS, MODAL_REGISTRY, type RegisteredModalId } from '../registry.ts';
import { useModals } from '../state/ModalProvider.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

function ModalFrame({ modal, onClose }: { modal: ShownModal<RegisteredModalId>; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock(`modal:${modal.id}`, modal.lockScroll);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog) (focusables(dialog)[0] ?? dialog).focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const blocking = BLOCKING_MODALS.has(modal.id);
  const dismiss = blocking ? () => {} : onClose;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      dismiss();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusables(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const Component = MODAL_REGISTRY[modal.id];
  return (
    <div className={modal.aboveCookieBanner ? 'modal-layer modal-layer--above-banner' : 'modal-layer'}>
      <div className="modal-layer__backdrop" onClick={dismiss} aria-hidden="true" />
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-modal-id={modal.id}
      >
        <Component titleId={titleId} close={onClose} />
      </div>
    </div>
  );
}

export function ModalHost() {
  const { stack, close } = useModals();
  return (
    <div className="modal-host" data-modal-host="">
      {stack.map((modal) => (
        <ModalFrame key={modal.id} modal={modal} onClose={() => close(modal.id)} />
      ))}
    </div>
  );
}
