/**
 * DOM adapter of the shared scroll lock (packages/domain/src/scroll-lock.ts). Menus and modals
 * acquire it by holder name; the page cannot scroll while any holder remains; the last release
 * restores the exact position saved by the first holder.
 */
import {
  acquireScrollLock,
  releaseScrollLock,
  type ScrollLockEffect,
  type ScrollLockState,
  UNLOCKED,
} from '@vela/domain/scroll-lock';
import { useEffect } from 'react';

let state: ScrollLockState = UNLOCKED;

const LOCKED_ATTRIBUTE = 'data-scroll-locked';

function apply(effect: ScrollLockEffect, restore: boolean): void {
  const root = document.documentElement;
  if (effect.type === 'lock') {
    root.setAttribute(LOCKED_ATTRIBUTE, '');
  } else if (effect.type === 'unlock') {
    root.removeAttribute(LOCKED_ATTRIBUTE);
    if (restore && Math.round(window.scrollY) !== Math.round(effect.restoreY)) {
      window.scrollTo({ top: effect.restoreY, left: 0, behavior: 'instant' });
    }
  }
}

export function lockScroll(holder: string): void {
  const step = acquireScrollLock(state, holder, window.scrollY);
  state = step.state;
  apply(step.effect, true);
}

/**
 * Releases a holder. `restore: false` when a navigation closed it: the router decides the new
 * position then, not the lock.
 */
export function unlockScroll(holder: string, restore = true): void {
  const step = releaseScrollLock(state, holder);
  state = step.state;
  apply(step.effect, restore);
}

export function isScrollLocked(): boolean {
  return state.holders.length > 0;
}

/** Holds the lock under `holder` while `active` is true. */
export function useScrollLock(holder: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    lockScroll(holder);
    return () => unlockScroll(holder);
  }, [holder, active]);
}
