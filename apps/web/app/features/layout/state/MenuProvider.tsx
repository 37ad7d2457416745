/**
 * Menu state for the page (machine in packages/domain/src/menus.ts). One top-level menu at a
 * time; body scroll is locked while any is open; Escape closes and returns focus to the toggle;
 * a click outside closes; a navigation closes everything. The cam and category filter menus of
 * the spec plug in through the same `useMenu(id)` when their pages land.
 */
import {
  ALL_CLOSED,
  type CloseReason,
  closeMenu,
  closeSubMenu,
  type MenuState,
  openMenu,
  openSubMenu,
  type TopLevelMenu,
  toggleMenu,
} from '@vela/domain/menus';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { lockScroll, unlockScroll } from '../../scroll/scrollLock.ts';

export interface MenusApi {
  state: MenuState;
  anyOpen: boolean;
  open(menu: TopLevelMenu): void;
  toggle(menu: TopLevelMenu): void;
  close(menu: TopLevelMenu, reason: CloseReason): void;
  openSub(parent: string, id: string, blocking?: boolean): void;
  closeSub(id: string): void;
}

const MenusContext = createContext<MenusApi | null>(null);

export const menuToggleId = (menu: TopLevelMenu) => `menu-toggle-${menu}`;
export const menuPanelId = (menu: TopLevelMenu) => `menu-panel-${menu}`;

function focusToggle(menu: TopLevelMenu): void {
  requestAnimationFrame(() => document.getElementById(menuToggleId(menu))?.focus());
}

function modalShown(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

export function MenuProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<MenuState>(ALL_CLOSED);
  const stateRef = useRef(state);
  stateRef.current = state;
  const closedByNavigation = useRef(false);
  const location = useLocation();
  const anyOpen = state.open !== null;

  const open = useCallback((menu: TopLevelMenu) => setState((s) => openMenu(s, menu)), []);
  const toggle = useCallback((menu: TopLevelMenu) => setState((s) => toggleMenu(s, menu)), []);
  const close = useCallback((menu: TopLevelMenu, reason: CloseReason) => {
    setState((s) => closeMenu(s, menu, reason));
  }, []);
  const openSub = useCallback(
    (parent: string, id: string, blocking = false) => setState((s) => openSubMenu(s, parent, id, blocking)),
    [],
  );
  const closeSub = useCallback((id: string) => setState((s) => closeSubMenu(s, id)), []);

  // A navigation closes every menu; the router, not the lock, decides the new scroll position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per location key
  useEffect(() => {
    const current = stateRef.current;
    if (current.open === null) return;
    closedByNavigation.current = true;
    setState(closeMenu(current, current.open, 'navigation'));
  }, [location.key]);

  // Body scroll is disabled while any menu is open (shared counter with modals).
  useEffect(() => {
    if (!anyOpen) return;
    closedByNavigation.current = false;
    lockScroll('menus');
    return () => {
      unlockScroll('menus', !closedByNavigation.current);
      closedByNavigation.current = false;
    };
  }, [anyOpen]);

  // Escape closes (innermost sub-menu first) and returns focus to the toggle; a click outside closes.
  useEffect(() => {
    if (!anyOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || modalShown()) return;
      const current = stateRef.current;
      if (!current.open) return;
      const next = closeMenu(current, current.open, 'escape');
      if (next === current) return;
      event.preventDefault();
      setState(next);
      if (next.open === null) focusToggle(current.open);
    };
    const onPointerDown = (event: PointerEvent) => {
      const current = stateRef.current;
      if (!current.open || !(event.target instanceof Element)) return;
      const target = event.target;
      const inside =
        document.getElementById(menuPanelId(current.open))?.contains(target) ||
        document.getElementById(menuToggleId(current.open))?.contains(target) ||
        target.closest('[data-modal-host], [data-cookie-banner]') !== null;
      if (!inside) setState(closeMenu(current, current.open, 'outside'));
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [anyOpen]);

  const value = useMemo<MenusApi>(
    () => ({ state, anyOpen, open, toggle, close, openSub, closeSub }),
    [state, anyOpen, open, toggle, close, openSub, closeSub],
  );
  return <MenusContext.Provider value={value}>{children}</MenusContext.Provider>;
}

export function useMenus(): MenusApi {
  const api = useContext(MenusContext);
  if (!api) throw new Error('useMenus must be used inside <AppShell>');
  return api;
}

/** One top-level menu: its open state, ids for aria-controls, and actions. */
export function useMenu(menu: TopLevelMenu) {
  const menus = useMenus();
  return {
    isOpen: menus.state.open === menu,
    toggle: () => menus.toggle(menu),
    close: (reason: CloseReason) => menus.close(menu, reason),
    toggleId: menuToggleId(menu),
    panelId: menuPanelId(menu),
  };
}
