/**
 * Body scroll lock shared by menus and modals (spec 2: body scrolling is disabled while any menu
 * is open; modals may lock page scroll). A counter of holders: the first holder locks and saves
 * the scroll position, the last one to release unlocks and restores exactly that position.
 * Each holder is named, so a double release cannot unlock someone else's lock.
 */

export interface ScrollLockState {
  holders: readonly string[];
  /** Scroll position saved by the first holder; null while unlocked. */
  savedY: number | null;
}

export type ScrollLockEffect = { type: 'none' } | { type: 'lock' } | { type: 'unlock'; restoreY: number };

export interface ScrollLockStep {
  state: ScrollLockState;
  effect: ScrollLockEffect;
}

export const UNLOCKED: ScrollLockState = { holders: [], savedY: null };

export function isLocked(state: ScrollLockState): boolean {
  return state.holders.length > 0;
}

export function acquireScrollLock(state: ScrollLockState, holder: string, currentY: number): ScrollLockStep {
  if (state.holders.includes(holder)) return { state, effect: { type: 'none' } };
  if (state.holders.length === 0) {
    return { state: { holders: [holder], savedY: currentY }, effect: { type: 'lock' } };
  }
  return { state: { ...state, holders: [...state.holders, holder] }, effect: { type: 'none' } };
}

export function releaseScrollLock(state: ScrollLockState, holder: string): ScrollLockStep {
  if (!state.holders.includes(holder)) return { state, effect: { type: 'none' } };
  const holders = state.holders.filter((h) => h !== holder);
  if (holders.length > 0) return { state: { ...state, holders }, effect: { type: 'none' } };
  return { state: UNLOCKED, effect: { type: 'unlock', restoreY: state.savedY ?? 0 } };
}
