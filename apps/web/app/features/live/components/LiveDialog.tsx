import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal dialog of the live page on the native <dialog> (showModal: the rest of the page is inert,
 * focus moves in and Tab stays inside, Escape cancels). `onClose` runs on Escape and on every close.
 */
export function LiveDialog({
  titleId,
  title,
  onClose,
  marker,
  children,
}: {
  titleId: string;
  title: string;
  onClose: () => void;
  marker: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // The dialog's own first action, not whatever control comes first (a rating must not be one Enter away).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="live-dialog"
      aria-labelledby={titleId}
      data-live-dialog={marker}
      onCancel={(event) => {
        event.preventDefault();
        latestClose.current();
      }}
    >
      <h2 id={titleId} className="live-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
