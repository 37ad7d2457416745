import { describe, expect, it } from 'vitest';
import {
  initialNavbarState,
  NAVBAR_MEMORY_LIMIT,
  NAVBAR_SCROLL,
  type NavbarScrollState,
  observeResize,
  observeScroll,
  onMenuOpened,
  rebase,
  rememberNavbar,
  restoreNavbar,
  settle,
  settleDueAt,
} from './navbar-scroll.ts';

const closed = { menuOpen: false };

/** Scroll to y at time t and let it be held for 200 ms. */
function scrollAndHold(state: NavbarScrollState, y: number, t: number): NavbarScrollState {
  return settle(observeScroll(state, y, t), t + NAVBAR_SCROLL.settleMs, closed);
}

describe('navbar scroll (spec 4/9: 200 ms, 10 px, 50 px, 5 px)', () => {
  it('uses the spec numbers', () => {
    expect(NAVBAR_SCROLL).toEqual({ settleMs: 200, minDelta: 10, hideAbove: 50, resizeTolerance: 5 });
  });

  it('scrolling down hides the navbar when the position is over 50 px', () => {
    const s = scrollAndHold(initialNavbarState(0), 120, 0);
    expect(s.hidden).toBe(true);
    expect(s.anchorY).toBe(120);
  });

  it('scrolling down does not hide while the position is at most 50 px', () => {
    expect(scrollAndHold(initialNavbarState(0), 50, 0).hidden).toBe(false);
    expect(scrollAndHold(initialNavbarState(0), 51, 0).hidden).toBe(true);
  });

  it('scrolling up shows the navbar', () => {
    const hidden = scrollAndHold(initialNavbarState(0), 300, 0);
    expect(hidden.hidden).toBe(true);
    expect(scrollAndHold(hidden, 250, 1000).hidden).toBe(false);
  });

  it('a change counts only when it exceeds 10 px', () => {
    const start = initialNavbarState(100);
    const ten = scrollAndHold(start, 110, 0);
    expect(ten.hidden).toBe(false);
    expect(ten.anchorY).toBe(100);
    const eleven = scrollAndHold(start, 111, 0);
    expect(eleven.hidden).toBe(true);
    const hidden = initialNavbarState(200, true);
    expect(scrollAndHold(hidden, 190, 0).hidden).toBe(true);
    expect(scrollAndHold(hidden, 189, 0).hidden).toBe(false);
  });

  it('small movements add up from the last counted position', () => {
    let s = initialNavbarState(100);
    s = scrollAndHold(s, 106, 0);
    s = scrollAndHold(s, 112, 1000);
    expect(s.hidden).toBe(true);
  });

  it('a change counts only after being held 200 ms', () => {
    const moved = observeScroll(initialNavbarState(0), 200, 1000);
    expect(settle(moved, 1199, closed).hidden).toBe(false);
    expect(settle(moved, 1199, closed).pending).not.toBeNull();
    expect(settle(moved, 1200, closed).hidden).toBe(true);
    expect(settleDueAt(moved)).toBe(1200);
  });

  it('a new position restarts the 200 ms hold', () => {
    let s = observeScroll(initialNavbarState(0), 100, 0);
    s = observeScroll(s, 150, 150);
    expect(settle(s, 200, closed).hidden).toBe(false);
    expect(settle(s, 350, closed).hidden).toBe(true);
  });

  it('the same position again does not restart the hold', () => {
    let s = observeScroll(initialNavbarState(0), 100, 0);
    s = observeScroll(s, 100, 150);
    expect(settle(s, 200, closed).hidden).toBe(true);
  });

  it('container-resize movements of at most 5 px are ignored', () => {
    let s = initialNavbarState(100);
    s = observeResize(s, 105, 0);
    s = observeResize(s, 110, 10);
    expect(settle(s, 1000, closed).hidden).toBe(false);
    s = observeScroll(s, 118, 20);
    // 8 px of visitor scrolling on top of 10 px of resize movement: not over 10 px.
    const after = settle(s, 1000, closed);
    expect(after.hidden).toBe(false);
    expect(after.anchorY).toBe(110);
  });

  it('container-resize movements over 5 px count like scrolling', () => {
    const s = observeResize(initialNavbarState(100), 140, 0);
    expect(settle(s, 200, closed).hidden).toBe(true);
  });

  it('is never hidden while a menu is open', () => {
    const moved = observeScroll(initialNavbarState(0), 400, 0);
    expect(settle(moved, 500, { menuOpen: true }).hidden).toBe(false);
    const hidden = initialNavbarState(400, true);
    expect(settle(hidden, 0, { menuOpen: true }).hidden).toBe(false);
    expect(onMenuOpened(hidden).hidden).toBe(false);
  });

  it('a programmatic scroll re-bases without changing the state', () => {
    const s = rebase(observeScroll(initialNavbarState(0, true), 900, 0), 900);
    expect(s).toEqual({ hidden: true, anchorY: 900, pending: null });
  });

  it('the hidden state is stored per page and restored when coming back', () => {
    let memory = rememberNavbar([], 'page-a', true);
    memory = rememberNavbar(memory, 'page-b', false);
    expect(restoreNavbar(memory, 'page-a', 600)).toEqual({ hidden: true, anchorY: 600, pending: null });
    expect(restoreNavbar(memory, 'page-b', 0).hidden).toBe(false);
    expect(restoreNavbar(memory, 'unknown', 0).hidden).toBe(false);
    memory = rememberNavbar(memory, 'page-a', false);
    expect(restoreNavbar(memory, 'page-a', 0).hidden).toBe(false);
  });

  it('the per-page memory keeps only the most recent pages', () => {
    let memory = rememberNavbar([], 'first', true);
    for (let i = 0; i < NAVBAR_MEMORY_LIMIT; i++) memory = rememberNavbar(memory, `p${i}`, true);
    expect(memory).toHaveLength(NAVBAR_MEMORY_LIMIT);
    expect(restoreNavbar(memory, 'first', 0).hidden).toBe(false);
    expect(restoreNavbar(memory, `p${NAVBAR_MEMORY_LIMIT - 1}`, 0).hidden).toBe(true);
  });
});
