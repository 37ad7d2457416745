/**
 * Feeds scroll events, container resizes and timers to the pure navbar rules
 * (packages/domain/src/navbar-scroll.ts) and keeps the hidden state per page (location key),
 * so coming back to a page restores its navbar state.
 */
import {
  initialNavbarState,
  type NavbarMemory,
  type NavbarScrollState,
  observeResize,
  observeScroll,
  onMenuOpened,
  rebase,
  rememberNavbar,
  restoreNavbar,
  settle,
  settleDueAt,
} from '@vela/domain/navbar-scroll';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isProgrammaticScroll, onProgrammaticScrollEnd } from '../../scroll/animateScroll.ts';
import { isScrollLocked } from '../../scroll/scrollLock.ts';

const STORAGE_KEY = 'vela.navbarHidden';

function loadMemory(): NavbarMemory {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(value)) return [];
    return value.filter(
      (e): e is [string, boolean] =>
        Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'boolean',
    );
  } catch {
    return [];
  }
}

function saveMemory(memory: NavbarMemory): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage unavailable: the state is still kept for this page view.
  }
}

export function useNavbarScroll(menuOpen: boolean): boolean {
  const { key } = useLocation();
  const [hidden, setHidden] = useState(false);
  const machine = useRef<NavbarScrollState>(initialNavbarState());
  const memory = useRef<NavbarMemory | null>(null);
  const menuOpenRef = useRef(menuOpen);
  menuOpenRef.current = menuOpen;
  const timer = useRef<number | undefined>(undefined);

  const commit = useCallback((next: NavbarScrollState) => {
    machine.current = next;
    setHidden(next.hidden);
  }, []);

  // Arriving at a page: restore its stored state; leaving: store it.
  useEffect(() => {
    memory.current ??= loadMemory();
    commit(restoreNavbar(memory.current, key, window.scrollY));
    return () => {
      memory.current = rememberNavbar(memory.current ?? [], key, machine.current.hidden);
      saveMemory(memory.current);
    };
  }, [key, commit]);

  useEffect(() => {
    if (menuOpen) commit(onMenuOpened(machine.current));
  }, [menuOpen, commit]);

  useEffect(() => {
    const schedule = () => {
      window.clearTimeout(timer.current);
      const due = settleDueAt(machine.current);
      if (due === null) return;
      timer.current = window.setTimeout(
        () => {
          commit(settle(machine.current, performance.now(), { menuOpen: menuOpenRef.current }));
          schedule();
        },
        Math.max(0, due - performance.now()),
      );
    };
    const onScroll = () => {
      if (isProgrammaticScroll() || isScrollLocked()) return;
      machine.current = observeScroll(machine.current, window.scrollY, performance.now());
      schedule();
    };
    const onResize = () => {
      machine.current = observeResize(machine.current, window.scrollY, performance.now());
      schedule();
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    observer?.observe(document.body);
    const stopEnd = onProgrammaticScrollEnd(() => commit(rebase(machine.current, window.scrollY)));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer.current);
      window.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      stopEnd();
    };
  }, [commit]);

  return hidden;
}
