import type { ReactNode } from 'react';
import { useDialog } from '../dialog-context.ts';

/** The form's submit button; while the call runs it is busy and says so. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useDialog();
  return (
    <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
      {busy ? t('working') : children}
    </button>
  );
}
