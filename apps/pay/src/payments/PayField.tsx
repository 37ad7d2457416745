/**
 * Inputs of the charge forms: a labelled input with the numeric keyboards and autocomplete tokens
 * payment fields need (the shared TextField offers text and email only), the same markup and aria
 * state as the other dialog fields (error read with the control, aria-invalid marks it).
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { type BaseProps, useFieldFrame } from '../components/Field.tsx';

export function PayField(
  props: BaseProps & {
    inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
    maxLength?: number;
    placeholder?: string;
  },
) {
  const { control, frame } = useFieldFrame(props, props.hint);
  return frame(
    <input
      {...control}
      type="text"
      inputMode={props.inputMode}
      autoComplete={props.autoComplete}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      spellCheck={false}
      onChange={(event) => props.onChange(event.target.value)}
    />,
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
