/**
 * Spec 4: a balance notification "reloads incentives" (page-load incentives, spec 2: reloaded per
 * route name and arguments after each navigation). Page-load incentives are not built yet
 * (conversion/getPageLoadIncentives arrives with the incentives issue), so there is nothing to
 * reload: this is the hook the balance store calls, and the incentives feature fills it in.
 * It deliberately does nothing rather than pretend to load anything.
 */
export function reloadPageLoadIncentives(): void {
  // No page-load incentives exist on the page yet.
}
