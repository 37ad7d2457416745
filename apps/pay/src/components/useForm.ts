import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api.ts';
import { useDialog } from '../dialog-context.ts';
import { type ErrorContext, errorText, fieldOfError } from '../errors.ts';
import { passwordLimits } from '../password.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Form state shared by the dialog's forms: field errors (first invalid field focused after each
 * failed submit), a form-level alert, and the busy flag of the submit button. `submit` runs the
 * local check, then the call; a server error lands on its field when it has one.
 */
export function useForm<F extends string>(fields: readonly F[]) {
  const { t } = useDialog();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const fail = (fieldErrors: FieldErrors<F>, message: string | null = null) => {
    setErrors(fieldErrors);
    setFormError(message);
    setAttempt((n) => n + 1);
  };

  const submit =
    (
      check: () => Promise<FieldErrors<F>> | FieldErrors<F>,
      run: () => Promise<void>,
      context: Omit<ErrorContext, 'limits'> = {},
    ) =>
    async (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      try {
        const found = await check();
        if (Object.values(found).some(Boolean)) {
          fail(found);
          return;
        }
        setErrors({});
        setFormError(null);
        await run();
      } catch (error) {
        const text = errorText(t, error, { ...context, limits: passwordLimits() });
        const field = error instanceof ApiError ? fieldOfError(error.code) : null;
        if (field && (fields as readonly string[]).includes(field)) fail({ [field]: text } as FieldErrors<F>);
        else fail({}, text);
      } finally {
        setBusy(false);
      }
    };

  /** A field's name, value, change handler and error, as the Field components take them. */
  const field = (name: F, value: string, onChange: (value: string) => void) => ({
    name,
    value,
    onChange,
    error: errors[name],
  });

  return { formRef, errors, formError, busy, submit, setFormError, field };
}
