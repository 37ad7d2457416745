/**
 * Menu state machine (spec 2): menus navigation, search, cam filter, category filter, my-account,
 * notifications. One top-level menu open at a time; opening one closes the others and their
 * sub-menus; sub-menus may be blocking: a blocking sub-menu keeps its parent open (an outside
 * click, the parent's toggle or opening another menu does not close it) until it is closed itself.
 */

export const TOP_LEVEL_MENUS = [
  'navigation',
  'search',
  'cam-filter',
  'category-filter',
  'my-account',
  'notifications',
] as const;
export type TopLevelMenu = (typeof TOP_LEVEL_MENUS)[number];

export interface SubMenu {
  id: string;
  blocking: boolean;
}

export interface MenuState {
  open: TopLevelMenu | null;
  /** Open sub-menus of the open menu, outermost first (each is a child of the previous one). */
  subMenus: readonly SubMenu[];
}

/** Why a menu is asked to close; navigation (route change) closes everything. */
export type CloseReason = 'toggle' | 'outside' | 'escape' | 'close-button' | 'navigation';

export const ALL_CLOSED: MenuState = { open: null, subMenus: [] };

export function isBlocked(state: MenuState): boolean {
  return state.subMenus.some((s) => s.blocking);
}

export function isMenuOpen(state: MenuState, menu: TopLevelMenu): boolean {
  return state.open === menu;
}

export function isSubMenuOpen(state: MenuState, id: string): boolean {
  return state.subMenus.some((s) => s.id === id);
}

/** Opens a top-level menu, closing any other and all sub-menus; refused while a blocking sub-menu is open. */
export function openMenu(state: MenuState, menu: TopLevelMenu): MenuState {
  if (state.open === menu) return state;
  if (isBlocked(state)) return state;
  return { open: menu, subMenus: [] };
}

/**
 * Closes a top-level menu. Escape closes the innermost sub-menu first; a blocking sub-menu keeps
 * its parent open against outside clicks and the toggle; navigation closes everything.
 */
export function closeMenu(state: MenuState, menu: TopLevelMenu, reason: CloseReason): MenuState {
  if (state.open !== menu) return state;
  if (reason === 'navigation') return ALL_CLOSED;
  if (reason === 'escape' && state.subMenus.length > 0) {
    return { ...state, subMenus: state.subMenus.slice(0, -1) };
  }
  if (isBlocked(state)) return state;
  return ALL_CLOSED;
}

export function toggleMenu(state: MenuState, menu: TopLevelMenu): MenuState {
  return state.open === menu ? closeMenu(state, menu, 'toggle') : openMenu(state, menu);
}

/** Closes whatever is open (navigation / route change). */
export function closeAll(): MenuState {
  return ALL_CLOSED;
}

/**
 * Opens a sub-menu under `parent` (the open menu or one of its open sub-menus). Sub-menus of the
 * same parent are exclusive: siblings and their descendants close. A sub-menu under a closed
 * parent is refused.
 */
export function openSubMenu(state: MenuState, parent: string, id: string, blocking = false): MenuState {
  if (state.open === null) return state;
  let depth: number;
  if (parent === state.open) depth = 0;
  else {
    const index = state.subMenus.findIndex((s) => s.id === parent);
    if (index < 0) return state;
    depth = index + 1;
  }
  const existing = state.subMenus[depth];
  if (existing?.id === id && existing.blocking === blocking) return state;
  const dropped = state.subMenus.slice(depth);
  if (dropped.some((s) => s.blocking) && existing?.id !== id) return state;
  return { ...state, subMenus: [...state.subMenus.slice(0, depth), { id, blocking }] };
}

/** Closes a sub-menu and its descendants (a blocking sub-menu closes only through this). */
export function closeSubMenu(state: MenuState, id: string): MenuState {
  const index = state.subMenus.findIndex((s) => s.id === id);
  if (index < 0) return state;
  const inner = state.subMenus.slice(index + 1);
  if (inner.some((s) => s.blocking)) return state;
  return { ...state, subMenus: state.subMenus.slice(0, index) };
}
