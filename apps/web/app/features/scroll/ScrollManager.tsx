/**
 * Navigation scrolling (spec 2/9). React Router's <ScrollRestoration> (rendered by root.tsx)
 * restores positions on POP and resets to the top on PUSH; this component adds the spec rules:
 * `scrollTo` on load, and after PUSH/REPLACE navigations the first present anchor of: requested
 * anchor, top (one-off `scrollTop: true` state), pagination, view, generic (offset 35 px),
 * 200 ms after the navigation, animated over 500 ms.
 */
import {
  type AnchorPresence,
  GENERIC_ANCHOR,
  initialScrollTarget,
  SCROLL_TIMING,
  type ScrollTarget,
  selectNavigationScroll,
  VIEW_ANCHOR,
} from '@vela/domain/scroll-anchors';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { animateScrollTo } from './animateScroll.ts';

function domPresence(): AnchorPresence {
  return {
    hasId: (id) => document.getElementById(id) !== null,
    hasView: document.querySelector(`[data-scroll-anchor="${VIEW_ANCHOR}"]`) !== null,
    hasGeneric: document.querySelector(`[data-scroll-anchor="${GENERIC_ANCHOR}"]`) !== null,
  };
}

function targetElement(target: ScrollTarget): Element | null {
  switch (target.kind) {
    case 'requested':
    case 'pagination':
      return document.getElementById(target.id);
    case 'view':
      return document.querySelector(`[data-scroll-anchor="${VIEW_ANCHOR}"]`);
    case 'generic':
      return document.querySelector(`[data-scroll-anchor="${GENERIC_ANCHOR}"]`);
    case 'top':
      return null;
  }
}

function scrollToTarget(target: ScrollTarget): void {
  if (target.kind === 'top') {
    animateScrollTo(0);
    return;
  }
  const element = targetElement(target);
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - target.offset;
  animateScrollTo(top);
}

function hasScrollTopFlag(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { scrollTop?: unknown }).scrollTop === true;
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const initialHandled = useRef(false);
  const consumed = useRef(new Set<string>());

  useEffect(() => {
    if (!initialHandled.current) {
      consumed.current.add(location.key);
      const frame = requestAnimationFrame(() => {
        initialHandled.current = true;
        const target = initialScrollTarget(location.search, domPresence());
        if (target) scrollToTarget(target);
      });
      return () => cancelAnimationFrame(frame);
    }
    if (navigationType === 'POP') return;
    const scrollTop = hasScrollTopFlag(location.state) && !consumed.current.has(location.key);
    consumed.current.add(location.key);
    const timer = window.setTimeout(() => {
      const target = selectNavigationScroll({
        kind: navigationType,
        hash: location.hash,
        search: location.search,
        scrollTop,
        present: domPresence(),
      });
      if (target) scrollToTarget(target);
    }, SCROLL_TIMING.navigationDelayMs);
    return () => window.clearTimeout(timer);
  }, [location.key, location.hash, location.search, location.state, navigationType]);

  return null;
}
