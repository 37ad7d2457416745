/**
 * Viewport breakpoints of spec 2 (min widths, px) and the layout limits derived from them.
 * The CSS mirrors these numbers (apps/web/app/styles/base.css).
 */
export const BREAKPOINTS = { xs: 400, sm: 768, md: 992, lg: 1200, xl: 1368 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Spec 2: the mobile menu applies below 1023 px. */
export const MOBILE_MENU_BELOW = 1023;
/** Media query of the mobile menu (max-width just under 1023 px, no gap for fractional widths). */
export const MOBILE_MENU_QUERY = `(max-width: ${MOBILE_MENU_BELOW - 0.02}px)`;

/** `(min-width: 768px)` for a breakpoint. */
export function minWidthQuery(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
}

/** The largest breakpoint whose min width the viewport reaches, or null below xs. */
export function breakpointOf(width: number): Breakpoint | null {
  let found: Breakpoint | null = null;
  for (const [name, min] of Object.entries(BREAKPOINTS) as [Breakpoint, number][]) {
    if (width >= min) found = name;
  }
  return found;
}

export function isMobileMenuWidth(width: number): boolean {
  return width < MOBILE_MENU_BELOW;
}

/** Spec 2: tile grid columns: five above 1199, four above 991, three above 767 (else two). */
export function tileColumns(width: number): number {
  if (width > 1199) return 5;
  if (width > 991) return 4;
  if (width > 767) return 3;
  return 2;
}
