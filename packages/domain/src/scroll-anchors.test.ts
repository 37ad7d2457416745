import { describe, expect, it } from 'vitest';
import {
  type AnchorPresence,
  initialScrollTarget,
  type NavigationScrollInput,
  requestedAnchor,
  SCROLL_TIMING,
  scrollProgress,
  selectNavigationScroll,
} from './scroll-anchors.ts';

function presence(ids: string[] = [], view = false, generic = false): AnchorPresence {
  return { hasId: (id) => ids.includes(id), hasView: view, hasGeneric: generic };
}

const everything = presence(['wanted', 'pagination'], true, true);

function input(over: Partial<NavigationScrollInput>): NavigationScrollInput {
  return { kind: 'PUSH', hash: '', search: '', scrollTop: false, present: everything, ...over };
}

describe('scroll anchors after navigation (spec 2/9)', () => {
  it('uses the spec timings: 500 ms animation, 200 ms delay, 35 px offset', () => {
    expect(SCROLL_TIMING).toEqual({ animationMs: 500, navigationDelayMs: 200, genericOffset: 35 });
  });

  it('query parameter scrollTo scrolls to the element with that id on load', () => {
    expect(initialScrollTarget('?scrollTo=wanted', everything)).toEqual({
      kind: 'requested',
      id: 'wanted',
      offset: 0,
    });
    expect(initialScrollTarget('?scrollTo=missing', everything)).toBeNull();
    expect(initialScrollTarget('', everything)).toBeNull();
  });

  it('the requested anchor comes first: location hash', () => {
    expect(selectNavigationScroll(input({ hash: '#wanted', scrollTop: true, search: '?page=2' }))).toEqual({
      kind: 'requested',
      id: 'wanted',
      offset: 0,
    });
  });

  it('the requested anchor comes first: scrollTo parameter', () => {
    expect(selectNavigationScroll(input({ search: '?scrollTo=wanted&page=2' }))?.kind).toBe('requested');
  });

  it('the hash wins over scrollTo and is URL-decoded', () => {
    expect(requestedAnchor('#a%20b', '?scrollTo=c')).toBe('a b');
    expect(requestedAnchor('', '?scrollTo=c')).toBe('c');
    expect(requestedAnchor('', '')).toBeNull();
  });

  it('a requested anchor that is not present falls through to the next rule', () => {
    expect(selectNavigationScroll(input({ hash: '#missing', scrollTop: true }))?.kind).toBe('top');
  });

  it('top (one-off flag) comes second', () => {
    expect(selectNavigationScroll(input({ scrollTop: true, search: '?page=2' }))).toEqual({
      kind: 'top',
      offset: 0,
    });
  });

  it('pagination applies only when the query has page or sort', () => {
    expect(selectNavigationScroll(input({ search: '?page=2' }))?.kind).toBe('pagination');
    expect(selectNavigationScroll(input({ search: '?sort=new' }))?.kind).toBe('pagination');
    expect(selectNavigationScroll(input({ search: '?q=x' }))?.kind).toBe('view');
  });

  it('pagination is skipped when the pagination element is absent', () => {
    expect(selectNavigationScroll(input({ search: '?page=2', present: presence([], true) }))?.kind).toBe(
      'view',
    );
  });

  it('view comes before generic', () => {
    expect(selectNavigationScroll(input({}))).toEqual({ kind: 'view', offset: 0 });
  });

  it('the generic anchor is last and has a 35 px offset', () => {
    expect(selectNavigationScroll(input({ present: presence([], false, true) }))).toEqual({
      kind: 'generic',
      offset: 35,
    });
  });

  it('view and generic are skipped when the query has noscroll', () => {
    expect(selectNavigationScroll(input({ search: '?noscroll' }))).toBeNull();
    expect(
      selectNavigationScroll(input({ search: '?noscroll=1', present: presence([], false, true) })),
    ).toBeNull();
    expect(selectNavigationScroll(input({ search: '?noscroll&page=3' }))?.kind).toBe('pagination');
  });

  it('no anchor present: no scroll', () => {
    expect(selectNavigationScroll(input({ present: presence() }))).toBeNull();
  });

  it('going back (POP) chooses nothing: the previous position is restored', () => {
    expect(selectNavigationScroll(input({ kind: 'POP', hash: '#wanted', scrollTop: true }))).toBeNull();
  });

  it('REPLACE navigations follow the same order as PUSH', () => {
    expect(selectNavigationScroll(input({ kind: 'REPLACE', search: '?sort=x' }))?.kind).toBe('pagination');
  });

  it('the scroll animation goes from 0 to 1 over 500 ms, eased', () => {
    expect(scrollProgress(0)).toBe(0);
    expect(scrollProgress(250)).toBeCloseTo(0.5);
    expect(scrollProgress(100)).toBeLessThan(0.2);
    expect(scrollProgress(500)).toBe(1);
    expect(scrollProgress(900)).toBe(1);
    expect(scrollProgress(10, 0)).toBe(1);
  });
});
