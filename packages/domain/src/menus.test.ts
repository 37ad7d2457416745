import { describe, expect, it } from 'vitest';
import {
  ALL_CLOSED,
  closeMenu,
  closeSubMenu,
  isBlocked,
  isMenuOpen,
  isSubMenuOpen,
  type MenuState,
  openMenu,
  openSubMenu,
  TOP_LEVEL_MENUS,
  toggleMenu,
} from './menus.ts';

describe('menus (spec 2)', () => {
  it('has the menus of the spec: navigation, search, cam filter, category filter, my-account, notifications', () => {
    expect(TOP_LEVEL_MENUS).toEqual([
      'navigation',
      'search',
      'cam-filter',
      'category-filter',
      'my-account',
      'notifications',
    ]);
  });

  it('one top-level menu is open at a time: opening one closes the others', () => {
    const search = openMenu(ALL_CLOSED, 'search');
    const account = openMenu(search, 'my-account');
    expect(isMenuOpen(account, 'my-account')).toBe(true);
    expect(isMenuOpen(account, 'search')).toBe(false);
  });

  it('opening a menu closes the sub-menus of the others', () => {
    const withSub = openSubMenu(openMenu(ALL_CLOSED, 'navigation'), 'navigation', 'categories');
    expect(isSubMenuOpen(withSub, 'categories')).toBe(true);
    const search = openMenu(withSub, 'search');
    expect(search).toEqual({ open: 'search', subMenus: [] });
  });

  it('toggle opens a closed menu and closes an open one', () => {
    const open = toggleMenu(ALL_CLOSED, 'notifications');
    expect(isMenuOpen(open, 'notifications')).toBe(true);
    expect(toggleMenu(open, 'notifications')).toEqual(ALL_CLOSED);
  });

  it('closing a menu closes its sub-menus', () => {
    const s = openSubMenu(openMenu(ALL_CLOSED, 'my-account'), 'my-account', 'language');
    expect(closeMenu(s, 'my-account', 'outside')).toEqual(ALL_CLOSED);
  });

  it('closing a menu that is not open changes nothing', () => {
    const s = openMenu(ALL_CLOSED, 'search');
    expect(closeMenu(s, 'navigation', 'outside')).toBe(s);
  });

  it('sub-menus of the same parent are exclusive; nested sub-menus close with their parent', () => {
    let s = openMenu(ALL_CLOSED, 'cam-filter');
    s = openSubMenu(s, 'cam-filter', 'language');
    s = openSubMenu(s, 'language', 'language-more');
    expect(s.subMenus.map((m) => m.id)).toEqual(['language', 'language-more']);
    s = openSubMenu(s, 'cam-filter', 'age');
    expect(s.subMenus.map((m) => m.id)).toEqual(['age']);
    s = openSubMenu(s, 'age', 'age-range');
    expect(closeSubMenu(s, 'age').subMenus).toEqual([]);
  });

  it('a sub-menu cannot open under a closed parent', () => {
    const s = openMenu(ALL_CLOSED, 'search');
    expect(openSubMenu(s, 'navigation', 'x')).toBe(s);
    expect(openSubMenu(ALL_CLOSED, 'search', 'x')).toBe(ALL_CLOSED);
    expect(openSubMenu(s, 'missing-sub', 'x')).toBe(s);
  });

  it('a blocking sub-menu keeps its parent open against outside clicks and the toggle', () => {
    const s = openSubMenu(openMenu(ALL_CLOSED, 'category-filter'), 'category-filter', 'confirm', true);
    expect(isBlocked(s)).toBe(true);
    expect(closeMenu(s, 'category-filter', 'outside')).toBe(s);
    expect(closeMenu(s, 'category-filter', 'toggle')).toBe(s);
    expect(closeMenu(s, 'category-filter', 'close-button')).toBe(s);
    expect(toggleMenu(s, 'category-filter')).toBe(s);
  });

  it('a blocking sub-menu prevents opening another menu', () => {
    const s = openSubMenu(openMenu(ALL_CLOSED, 'category-filter'), 'category-filter', 'confirm', true);
    expect(openMenu(s, 'search')).toBe(s);
  });

  it('a blocking sub-menu prevents opening a sibling sub-menu', () => {
    const s = openSubMenu(openMenu(ALL_CLOSED, 'category-filter'), 'category-filter', 'confirm', true);
    expect(openSubMenu(s, 'category-filter', 'other')).toBe(s);
  });

  it('a blocking sub-menu closes itself, then the parent can close', () => {
    let s: MenuState = openSubMenu(
      openMenu(ALL_CLOSED, 'category-filter'),
      'category-filter',
      'confirm',
      true,
    );
    s = closeSubMenu(s, 'confirm');
    expect(isBlocked(s)).toBe(false);
    expect(closeMenu(s, 'category-filter', 'outside')).toEqual(ALL_CLOSED);
  });

  it('a sub-menu cannot be closed from outside while one of its own sub-menus is blocking', () => {
    let s = openSubMenu(openMenu(ALL_CLOSED, 'cam-filter'), 'cam-filter', 'a');
    s = openSubMenu(s, 'a', 'b', true);
    expect(closeSubMenu(s, 'a')).toBe(s);
  });

  it('Escape closes the innermost sub-menu first, then the menu', () => {
    let s = openSubMenu(openMenu(ALL_CLOSED, 'my-account'), 'my-account', 'language', true);
    s = closeMenu(s, 'my-account', 'escape');
    expect(s).toEqual({ open: 'my-account', subMenus: [] });
    expect(closeMenu(s, 'my-account', 'escape')).toEqual(ALL_CLOSED);
  });

  it('navigation closes everything, even a blocking sub-menu', () => {
    const s = openSubMenu(openMenu(ALL_CLOSED, 'category-filter'), 'category-filter', 'confirm', true);
    expect(closeMenu(s, 'category-filter', 'navigation')).toEqual(ALL_CLOSED);
  });

  it('opening the menu that is already open keeps its sub-menus', () => {
    const s = openSubMenu(openMenu(ALL_CLOSED, 'navigation'), 'navigation', 'x');
    expect(openMenu(s, 'navigation')).toBe(s);
  });
});
