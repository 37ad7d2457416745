import { type FormEvent, useState } from 'react';
import type { StatusMessage } from '../components/FormStatus.tsx';
import { errorCodeOf, errorText } from '../errors.ts';
import type { MyVelaT } from './useMyVelaT.ts';

/**
 * Submit state of a guest-area settings form: `onSubmit` clears the status line, runs `save`
 * (busy meanwhile) and shows the success text it returns, or the translated error.
 */
export function useSaveForm(t: MyVelaT, save: () => Promise<string>) {
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      setStatus({ kind: 'success', text: await save() });
    } catch (error) {
      setStatus({ kind: 'error', text: errorText(t, errorCodeOf(error)) });
    } finally {
      setSaving(false);
    }
  };

  return { saving, status, onSubmit };
}
