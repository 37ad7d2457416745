import { type ChangeEvent, type HTMLInputTypeAttribute, type ReactNode, useId, useState } from 'react';
import { useDialog } from '../dialog-context.ts';

export interface BaseProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  autoComplete?: string;
  required?: boolean;
}

function describedBy(hintId: string, errorId: string, hint?: string, error?: string): string | undefined {
  const ids = [error ? errorId : null, hint ? hintId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * The parts every field shares: the label, the control's id, name, value and aria state (an error
 * marks it aria-invalid and is read with it, aria-describedby), and the error and hint below it.
 * `hint` is passed explicitly: fields without a hint (select) pass none. The charge forms' PayField
 * frames its input with it too.
 */
export function useFieldFrame(props: BaseProps, hint: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control = {
    id,
    name: props.name,
    value: props.value,
    'aria-required': props.required ?? true,
    'aria-invalid': props.error ? 'true' : 'false',
    'aria-describedby': describedBy(hintId, errorId, hint, props.error),
  } as const;
  const frame = (children: ReactNode) => (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {children}
      {props.error ? (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
  return { id, control, frame };
}

/** A labelled input; an error marks it aria-invalid and is read with it (aria-describedby). */
export function TextField(
  props: BaseProps & { type?: HTMLInputTypeAttribute; inputMode?: 'email' | 'text'; maxLength?: number },
) {
  const { control, frame } = useFieldFrame(props, props.hint);
  return frame(
    <input
      {...control}
      type={props.type ?? 'text'}
      onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      maxLength={props.maxLength}
    />,
  );
}

/** A password input with a show/hide toggle (no confirm field). */
export function PasswordField(props: BaseProps) {
  const { t } = useDialog();
  const { id, control, frame } = useFieldFrame(props, props.hint);
  const [visible, setVisible] = useState(false);
  return frame(
    <div className="password-row">
      <input
        {...control}
        type={visible ? 'text' : 'password'}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={1024}
      />
      <button
        type="button"
        className="toggle"
        aria-controls={id}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('hidePassword') : t('showPassword')}
      </button>
    </div>,
  );
}

export function SelectField(props: BaseProps & { options: readonly { value: string; label: string }[] }) {
  const { control, frame } = useFieldFrame(props, undefined);
  return frame(
    <select {...control} onChange={(event) => props.onChange(event.target.value)}>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>,
  );
}
