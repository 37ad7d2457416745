import { type ChangeEvent, type HTMLInputTypeAttribute, useId, useState } from 'react';
import { useDialog } from '../dialog-context.ts';

interface BaseProps {
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

/** A labelled input; an error marks it aria-invalid and is read with it (aria-describedby). */
export function TextField(
  props: BaseProps & { type?: HTMLInputTypeAttribute; inputMode?: 'email' | 'text'; maxLength?: number },
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-required={props.required ?? true}
        aria-invalid={props.error ? 'true' : 'false'}
        aria-describedby={describedBy(hintId, errorId, props.hint, props.error)}
      />
      {props.error ? (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      ) : null}
      {props.hint ? (
        <p id={hintId} className="field-hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle (no confirm field). */
export function PasswordField(props: BaseProps) {
  const { t } = useDialog();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="password-row">
        <input
          id={id}
          name={props.name}
          type={visible ? 'text' : 'password'}
          value={props.value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
          autoComplete={props.autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={1024}
          aria-required={props.required ?? true}
          aria-invalid={props.error ? 'true' : 'false'}
          aria-describedby={describedBy(hintId, errorId, props.hint, props.error)}
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
      </div>
      {props.error ? (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      ) : null}
      {props.hint ? (
        <p id={hintId} className="field-hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField(props: BaseProps & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-required={props.required ?? true}
        aria-invalid={props.error ? 'true' : 'false'}
        aria-describedby={props.error ? errorId : undefined}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {props.error ? (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
