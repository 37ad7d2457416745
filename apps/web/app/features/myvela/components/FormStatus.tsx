/** The status line of a form: always in the DOM (a live region must exist before it speaks). */
export type StatusMessage = { kind: 'success' | 'error' | 'info'; text: string } | null;

export function FormStatus({ id, status }: { id: string; status: StatusMessage }) {
  return (
    <p
      id={id}
      className={`myvela-status${status ? ` myvela-status--${status.kind}` : ''}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {status?.text ?? ''}
    </p>
  );
}

/** An error next to a field, referenced by the field's aria-describedby. */
export function FieldError({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} className="myvela-field-error">
      {text}
    </p>
  ) : null;
}
