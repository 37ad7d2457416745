/**
 * Navbar hide/show on scroll (spec 2, 4 and 9), as pure functions. The web hook feeds scroll
 * events and timers; these functions decide.
 *
 * - A change of position counts only when it exceeds 10 px and is held 200 ms.
 * - Scrolling down hides the navbar only when the position is over 50 px; scrolling up shows it.
 * - Movements of at most 5 px caused by a container resize are ignored.
 * - Never hidden while a menu is open.
 * - The hidden state can be stored per page and restored when coming back.
 */

export const NAVBAR_SCROLL = {
  /** A position must be held this long before it counts (ms). */
  settleMs: 200,
  /** A change counts only when it exceeds this distance (px). */
  minDelta: 10,
  /** Hide only when the position is over this (px). */
  hideAbove: 50,
  /** Resize-caused movements of at most this distance are ignored (px). */
  resizeTolerance: 5,
} as const;

export interface NavbarScrollState {
  hidden: boolean;
  /** The last position that counted: changes are measured from here. */
  anchorY: number;
  /** The latest observed position and when it was observed, not yet counted. */
  pending: { y: number; at: number } | null;
}

export interface NavbarContext {
  /** A menu is open: the navbar is never hidden then. */
  menuOpen: boolean;
}

export function initialNavbarState(y = 0, hidden = false): NavbarScrollState {
  return { hidden, anchorY: y, pending: null };
}

/** A scroll event at position `y` and time `now` (ms): remembered until it is held long enough. */
export function observeScroll(state: NavbarScrollState, y: number, now: number): NavbarScrollState {
  if (state.pending && state.pending.y === y) return state;
  return { ...state, pending: { y, at: now } };
}

/**
 * A movement caused by a container resize (not by the visitor). At most 5 px it is ignored: the
 * reference moves with it, so it never adds up to a counted change. Larger movements are scrolls.
 */
export function observeResize(state: NavbarScrollState, y: number, now: number): NavbarScrollState {
  const from = state.pending?.y ?? state.anchorY;
  const moved = y - from;
  if (Math.abs(moved) > NAVBAR_SCROLL.resizeTolerance) return observeScroll(state, y, now);
  return {
    ...state,
    anchorY: state.anchorY + moved,
    pending: state.pending ? { y, at: state.pending.at } : null,
  };
}

/** Time at which the pending position will have been held long enough, or null. */
export function settleDueAt(state: NavbarScrollState): number | null {
  return state.pending ? state.pending.at + NAVBAR_SCROLL.settleMs : null;
}

/**
 * Called by a timer: when the pending position has been held 200 ms, decide. A change of at most
 * 10 px does not count (the anchor stays, so slow creeping adds up until it exceeds 10 px).
 */
export function settle(state: NavbarScrollState, now: number, context: NavbarContext): NavbarScrollState {
  const shown = context.menuOpen && state.hidden ? { ...state, hidden: false } : state;
  const pending = shown.pending;
  if (!pending || now - pending.at < NAVBAR_SCROLL.settleMs) return shown;
  const delta = pending.y - shown.anchorY;
  if (Math.abs(delta) <= NAVBAR_SCROLL.minDelta) return { ...shown, pending: null };
  if (delta < 0) return { hidden: false, anchorY: pending.y, pending: null };
  const hidden = !context.menuOpen && pending.y > NAVBAR_SCROLL.hideAbove ? true : shown.hidden;
  return { hidden, anchorY: pending.y, pending: null };
}

/** A menu opened: show the navbar at once. */
export function onMenuOpened(state: NavbarScrollState): NavbarScrollState {
  return state.hidden ? { ...state, hidden: false } : state;
}

/** Re-base after a programmatic scroll (anchor scroll, restoration): it is not a visitor's move. */
export function rebase(state: NavbarScrollState, y: number): NavbarScrollState {
  return { ...state, anchorY: y, pending: null };
}

/** Per-page memory of the hidden state, bounded to the most recent pages. */
export type NavbarMemory = ReadonlyArray<readonly [key: string, hidden: boolean]>;
export const NAVBAR_MEMORY_LIMIT = 50;

export function rememberNavbar(memory: NavbarMemory, key: string, hidden: boolean): NavbarMemory {
  const rest = memory.filter(([k]) => k !== key);
  const next: NavbarMemory = [...rest, [key, hidden] as const];
  return next.length > NAVBAR_MEMORY_LIMIT ? next.slice(next.length - NAVBAR_MEMORY_LIMIT) : next;
}

/** The state for a page we arrive at: its stored hidden state when known, else shown. */
export function restoreNavbar(memory: NavbarMemory, key: string, y: number): NavbarScrollState {
  const entry = memory.find(([k]) => k === key);
  return initialNavbarState(y, entry ? entry[1] : false);
}
