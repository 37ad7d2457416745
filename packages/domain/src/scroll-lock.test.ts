import { describe, expect, it } from 'vitest';
import { acquireScrollLock, isLocked, releaseScrollLock, UNLOCKED } from './scroll-lock.ts';

describe('scroll lock shared by menus and modals (spec 2)', () => {
  it('the first holder locks and saves the scroll position', () => {
    const step = acquireScrollLock(UNLOCKED, 'menu', 420);
    expect(step.effect).toEqual({ type: 'lock' });
    expect(isLocked(step.state)).toBe(true);
    expect(step.state.savedY).toBe(420);
  });

  it('body scrolling stays disabled while any holder remains', () => {
    const a = acquireScrollLock(UNLOCKED, 'menu', 420);
    const b = acquireScrollLock(a.state, 'modal:vxcoin-info', 999);
    expect(b.effect).toEqual({ type: 'none' });
    expect(b.state.savedY).toBe(420);
    const c = releaseScrollLock(b.state, 'menu');
    expect(c.effect).toEqual({ type: 'none' });
    expect(isLocked(c.state)).toBe(true);
  });

  it('the last release unlocks and restores the exact saved position', () => {
    const a = acquireScrollLock(UNLOCKED, 'menu', 420);
    const b = acquireScrollLock(a.state, 'modal', 0);
    const c = releaseScrollLock(releaseScrollLock(b.state, 'modal').state, 'menu');
    expect(c.effect).toEqual({ type: 'unlock', restoreY: 420 });
    expect(c.state).toEqual(UNLOCKED);
  });

  it('acquiring twice by the same holder counts once', () => {
    const a = acquireScrollLock(UNLOCKED, 'menu', 10);
    const b = acquireScrollLock(a.state, 'menu', 10);
    expect(b.effect).toEqual({ type: 'none' });
    expect(releaseScrollLock(b.state, 'menu').effect).toEqual({ type: 'unlock', restoreY: 10 });
  });

  it('releasing a holder that does not hold the lock changes nothing', () => {
    const a = acquireScrollLock(UNLOCKED, 'menu', 10);
    const b = releaseScrollLock(a.state, 'modal');
    expect(b.effect).toEqual({ type: 'none' });
    expect(b.state).toBe(a.state);
    expect(releaseScrollLock(UNLOCKED, 'menu').effect).toEqual({ type: 'none' });
  });
});
