/**
 * A panel of the composer (the gift picker, the toy): a non-modal dialog with its title and Close; it
 * takes focus when it opens (its first enabled button) and Escape closes it (the composer gives focus
 * back to the button that opened it).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

export function ComposerPanel({
  id,
  title,
  closeLabel,
  onClose,
  marker,
  children,
}: {
  /** The title's element id (aria-labelledby). */
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** A data attribute naming the panel (tests, styles). */
  marker: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  return (
    <div
      ref={panel}
      className="messenger-picker"
      role="dialog"
      aria-modal="false"
      aria-labelledby={id}
      onKeyDown={onKeyDown}
      {...{ [`data-${marker}`]: '' }}
    >
      <div className="messenger-picker__head">
        <h3 id={id}>{title}</h3>
        <button type="button" className="link-button" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
      {children}
    </div>
  );
}
