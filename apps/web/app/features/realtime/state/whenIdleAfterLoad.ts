/**
 * Runs `task` once the page has loaded (`load`) and the browser is idle (`requestIdleCallback`), at
 * the latest IDLE_TIMEOUT_MS after `load`; where there is no `requestIdleCallback` (Safari), a timer
 * of IDLE_FALLBACK_MS stands in. Code started this way is not among the scripts a page requests
 * before it is interactive (issue 15, decision 0035: the bench's "after idle" column). Answers a
 * function that cancels what has not run yet.
 */
export const IDLE_TIMEOUT_MS = 2000;
export const IDLE_FALLBACK_MS = 200;

interface IdleWindow {
  document: { readyState: string };
  addEventListener(type: 'load', listener: () => void): void;
  removeEventListener(type: 'load', listener: () => void): void;
  requestIdleCallback?(callback: () => void, options: { timeout: number }): number;
  cancelIdleCallback?(handle: number): void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

export function whenIdleAfterLoad(
  task: () => void,
  win: IdleWindow = window as unknown as IdleWindow,
): () => void {
  let cancelIdle: (() => void) | null = null;
  const onIdle = () => {
    if (win.requestIdleCallback && win.cancelIdleCallback) {
      const handle = win.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => win.cancelIdleCallback?.(handle);
    } else {
      const handle = win.setTimeout(task, IDLE_FALLBACK_MS);
      cancelIdle = () => win.clearTimeout(handle);
    }
  };
  const onLoad = () => {
    win.removeEventListener('load', onLoad);
    onIdle();
  };
  if (win.document.readyState === 'complete') onIdle();
  else win.addEventListener('load', onLoad);
  return () => {
    win.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
}
