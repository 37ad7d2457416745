/**
 * The conversion chat's page state (decision 0047): the countdown end the page knows (guest/me's
 * `conversionChatCountdownEnds`, or the answer of an `enable` on this page), and whether the guest
 * closed the modal in this tab (then the shell does not open it again on the next page of the tab
 * while the countdown runs; "No thanks" ends the countdown on the server for good).
 */
const CLOSED_KEY = 'conversionChatClosed';

let pageCountdownEnds: string | null = null;

export function setPageCountdownEnds(ends: string | null): void {
  pageCountdownEnds = ends;
}

export function pageCountdownEndsOr(fallback: string | null | undefined): string | null {
  return pageCountdownEnds ?? fallback ?? null;
}

export function closedInTab(): boolean {
  try {
    return window.sessionStorage.getItem(CLOSED_KEY) !== null;
  } catch {
    return false;
  }
}

export function markClosedInTab(): void {
  try {
    window.sessionStorage.setItem(CLOSED_KEY, '1');
  } catch {
    // Storage unavailable: the modal may open again on the next page.
  }
}
