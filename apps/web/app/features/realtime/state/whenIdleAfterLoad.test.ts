import { describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, whenIdleAfterLoad } from './whenIdleAfterLoad.ts';

function fakeWindow(readyState: string, idle: boolean) {
  const listeners = new Set<() => void>();
  const idleCalls: { callback: () => void; timeout: number; cancelled: boolean }[] = [];
  const timers: { callback: () => void; ms: number; cancelled: boolean }[] = [];
  const win = {
    document: { readyState },
    addEventListener: (_: 'load', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'load', listener: () => void) => listeners.delete(listener),
    ...(idle
      ? {
          requestIdleCallback: (callback: () => void, options: { timeout: number }) =>
            idleCalls.push({ callback, timeout: options.timeout, cancelled: false }) - 1,
          cancelIdleCallback: (handle: number) => {
            idleCalls[handle]!.cancelled = true;
          },
        }
      : {}),
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms, cancelled: false }) - 1,
    clearTimeout: (handle: number) => {
      timers[handle]!.cancelled = true;
    },
  };
  const load = () => {
    win.document.readyState = 'complete';
    for (const listener of [...listeners]) listener();
  };
  return { win, load, listeners, idleCalls, timers };
}

describe('whenIdleAfterLoad', () => {
  it('waits for load, then for an idle period with a timeout', () => {
    const task = vi.fn();
    const { win, load, listeners, idleCalls } = fakeWindow('interactive', true);
    whenIdleAfterLoad(task, win);
    expect(idleCalls).toHaveLength(0);
    load();
    expect(listeners.size).toBe(0);
    expect(idleCalls).toHaveLength(1);
    expect(idleCalls[0]!.timeout).toBe(IDLE_TIMEOUT_MS);
    expect(task).not.toHaveBeenCalled();
    idleCalls[0]!.callback();
    expect(task).toHaveBeenCalledOnce();
  });

  it('asks for the idle period at once on a loaded page', () => {
    const { win, idleCalls } = fakeWindow('complete', true);
    whenIdleAfterLoad(() => {}, win);
    expect(idleCalls).toHaveLength(1);
  });

  it('uses a short timer without requestIdleCallback', () => {
    const task = vi.fn();
    const { win, timers } = fakeWindow('complete', false);
    whenIdleAfterLoad(task, win);
    expect(timers).toEqual([expect.objectContaining({ ms: IDLE_FALLBACK_MS })]);
    timers[0]!.callback();
    expect(task).toHaveBeenCalledOnce();
  });

  it('cancels before load and before the idle period', () => {
    const before = fakeWindow('loading', true);
    whenIdleAfterLoad(() => {}, before.win)();
    expect(before.listeners.size).toBe(0);
    before.load();
    expect(before.idleCalls).toHaveLength(0);

    const waiting = fakeWindow('complete', true);
    whenIdleAfterLoad(() => {}, waiting.win)();
    expect(waiting.idleCalls[0]!.cancelled).toBe(true);
  });
});
