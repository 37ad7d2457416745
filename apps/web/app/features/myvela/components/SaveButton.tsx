import type { ReactNode } from 'react';

interface SaveButtonProps {
  saving: boolean;
  label: ReactNode;
  savingLabel: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
  variant?: 'primary' | 'plain';
  /** Accessible name when the visible label is not enough (e.g. which session). */
  ariaLabel?: string;
}

/** A form button: disabled with a spinner while its request runs. */
export function SaveButton({
  saving,
  label,
  savingLabel,
  type = 'submit',
  onClick,
  variant = 'primary',
  ariaLabel,
}: SaveButtonProps) {
  return (
    <button
      type={type}
      className={`shell-button${variant === 'primary' ? ' shell-button--primary' : ''} myvela-button`}
      disabled={saving}
      aria-busy={saving}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {saving ? <span className="myvela-spinner" aria-hidden="true" /> : null}
      <span>{saving ? savingLabel : label}</span>
    </button>
  );
}
