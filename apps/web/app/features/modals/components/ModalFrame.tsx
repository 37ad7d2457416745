import type { ReactNode } from 'react';

/**
 * The frame of a modal's content: the title (the dialog is labelled by `titleId`), the × button
 * when the modal may be closed, then the body. `marker` names a state for the tests (data-*).
 */
export function ModalFrame({
  titleId,
  title,
  closeButton,
  marker,
  children,
}: {
  titleId: string;
  title: string;
  closeButton?: { label: string; onClose: () => void };
  marker?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <div className="modal__content" {...marker}>
      <header className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {closeButton ? (
          <button
            type="button"
            className="icon-button"
            onClick={closeButton.onClose}
            aria-label={closeButton.label}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </header>
      {children}
    </div>
  );
}
