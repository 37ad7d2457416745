import { type ChangeEvent, useId } from 'react';

/**
 * The scratch card's code field: a card with a silver "scratched" field in monospace capitals.
 * A plain labelled input underneath (keyboard and screen readers use it like any other field).
 */
export function ScratchCardInput({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="scratch-card">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={24}
        aria-required="true"
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="field-hint">
        {hint}
      </p>
    </div>
  );
}
