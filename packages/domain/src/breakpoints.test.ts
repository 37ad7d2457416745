import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  breakpointOf,
  isMobileMenuWidth,
  MOBILE_MENU_QUERY,
  minWidthQuery,
  tileColumns,
} from './breakpoints.ts';

describe('breakpoints (spec 2)', () => {
  it('viewport breakpoints (min width): xs 400, sm 768, md 992, lg 1200, xl 1368', () => {
    expect(BREAKPOINTS).toEqual({ xs: 400, sm: 768, md: 992, lg: 1200, xl: 1368 });
    expect(minWidthQuery('md')).toBe('(min-width: 992px)');
    expect(breakpointOf(399)).toBeNull();
    expect(breakpointOf(400)).toBe('xs');
    expect(breakpointOf(1024)).toBe('md');
    expect(breakpointOf(1440)).toBe('xl');
  });

  it('mobile menu applies below 1023 px', () => {
    expect(isMobileMenuWidth(1022)).toBe(true);
    expect(isMobileMenuWidth(1023)).toBe(false);
    expect(MOBILE_MENU_QUERY).toBe('(max-width: 1022.98px)');
  });

  it('tile grid columns: five above 1199, four above 991, three above 767', () => {
    expect(tileColumns(1200)).toBe(5);
    expect(tileColumns(1199)).toBe(4);
    expect(tileColumns(992)).toBe(4);
    expect(tileColumns(991)).toBe(3);
    expect(tileColumns(768)).toBe(3);
    expect(tileColumns(767)).toBe(2);
  });
});
