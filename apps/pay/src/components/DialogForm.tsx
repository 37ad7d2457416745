import type { FormEvent, ReactNode, RefObject } from 'react';
import { FormAlert } from './FormAlert.tsx';
import { SubmitButton } from './SubmitButton.tsx';

/**
 * A dialog form as useForm drives it: no browser validation, the form-level alert first, the
 * fields (children), then the submit button, busy while the call runs.
 */
export function DialogForm({
  form,
  onSubmit,
  submitLabel,
  children,
}: {
  form: { formRef: RefObject<HTMLFormElement | null>; formError: string | null; busy: boolean };
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate>
      <FormAlert message={form.formError} />
      {children}
      <SubmitButton busy={form.busy}>{submitLabel}</SubmitButton>
    </form>
  );
}
