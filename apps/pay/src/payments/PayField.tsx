/**
 * Inputs of the charge forms: a labelled input with the numeric keyboards and autocomplete tokens
 * payment fields need (the shared TextField offers text and email only), the same markup and aria
 * state as the other dialog fields (error read with the control, aria-invalid marks it).
 */
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export function PayField({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  inputMode,
  autoComplete,
  maxLength,
  placeholder,
  required = true,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        type="text"
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={false}
        aria-required={required}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A radio choice inside a fieldset (arrow keys move between options, Tab leaves the group). */
export function Choice({
  name,
  value,
  checked,
  onChange,
  children,
  errorId,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
  /** The id of an error about this choice (it is then marked invalid and read with it). */
  errorId?: string | undefined;
}) {
  return (
    <label className={`choice${checked ? ' choice--on' : ''}`}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-invalid={errorId ? 'true' : undefined}
        aria-describedby={errorId}
      />
      <span>{children}</span>
    </label>
  );
}
