import { useState } from 'react';

/**
 * One request at a time from a view's button or form: `run(work)` marks the view busy, clears the
 * last error, and shows `errorOf(failure)` when the work throws; a second run while one is still
 * going is ignored.
 */
export function useBusyAction(errorOf: (failure: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
