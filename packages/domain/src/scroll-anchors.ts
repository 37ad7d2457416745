/**
 * Where to scroll after a navigation (spec 2 and 9), as a pure selection.
 *
 * - On load, the query parameter `scrollTo` scrolls to the element with that id.
 * - After a client-side (partial-page) navigation, scroll to the FIRST anchor present in this
 *   order: requested anchor (hash or `scrollTo`), top (one-off flag), pagination (only when the
 *   query has `page` or `sort`), view, generic anchor (offset 35 px). View and generic are
 *   skipped when the query has `noscroll`.
 * - Going back (POP) restores the previous position: no anchor is chosen.
 */

export const SCROLL_TIMING = {
  /** Scroll animation duration (ms). */
  animationMs: 500,
  /** Delay before a navigation scroll (ms). */
  navigationDelayMs: 200,
  /** Offset of the generic anchor (px). */
  genericOffset: 35,
} as const;

export const PAGINATION_ANCHOR_ID = 'pagination';
export const VIEW_ANCHOR = 'view';
export const GENERIC_ANCHOR = 'generic';

export type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

export type ScrollTarget =
  | { kind: 'requested'; id: string; offset: 0 }
  | { kind: 'top'; offset: 0 }
  | { kind: 'pagination'; id: typeof PAGINATION_ANCHOR_ID; offset: 0 }
  | { kind: 'view'; offset: 0 }
  | { kind: 'generic'; offset: typeof SCROLL_TIMING.genericOffset };

/** What is on the page now; the DOM adapter answers these. */
export interface AnchorPresence {
  hasId(id: string): boolean;
  hasView: boolean;
  hasGeneric: boolean;
}

export interface NavigationScrollInput {
  kind: NavigationKind;
  /** `location.hash`, with or without the leading '#'. */
  hash: string;
  /** `location.search`. */
  search: string;
  /** The one-off `scrollTop: true` navigation state flag (already checked not to be consumed). */
  scrollTop: boolean;
  present: AnchorPresence;
}

/** The requested anchor id: the location hash first, else the `scrollTo` parameter. */
export function requestedAnchor(hash: string, search: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw) {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  const scrollTo = new URLSearchParams(search).get('scrollTo');
  return scrollTo ? scrollTo : null;
}

/** On a full page load: only the `scrollTo` parameter applies (the browser handles the hash). */
export function initialScrollTarget(search: string, present: AnchorPresence): ScrollTarget | null {
  const id = new URLSearchParams(search).get('scrollTo');
  if (id && present.hasId(id)) return { kind: 'requested', id, offset: 0 };
  return null;
}

export function selectNavigationScroll(input: NavigationScrollInput): ScrollTarget | null {
  if (input.kind === 'POP') return null;
  const query = new URLSearchParams(input.search);
  const requested = requestedAnchor(input.hash, input.search);
  if (requested && input.present.hasId(requested)) return { kind: 'requested', id: requested, offset: 0 };
  if (input.scrollTop) return { kind: 'top', offset: 0 };
  if ((query.has('page') || query.has('sort')) && input.present.hasId(PAGINATION_ANCHOR_ID)) {
    return { kind: 'pagination', id: PAGINATION_ANCHOR_ID, offset: 0 };
  }
  if (query.has('noscroll')) return null;
  if (input.present.hasView) return { kind: 'view', offset: 0 };
  if (input.present.hasGeneric) return { kind: 'generic', offset: SCROLL_TIMING.genericOffset };
  return null;
}

/** Ease-in-out position of a scroll animation at `elapsed` ms (0..1 of the distance). */
export function scrollProgress(elapsed: number, duration: number = SCROLL_TIMING.animationMs): number {
  if (duration <= 0 || elapsed >= duration) return 1;
  if (elapsed <= 0) return 0;
  const t = elapsed / duration;
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}
