/**
 * The viewer of a page rendered for everyone (decision 0033): the server HTML does not know who is
 * asking, so the shell reads `guest/me` once after hydration. The contract's schema is loaded with the
 * call, so a visitor's page never downloads it.
 */
import type { GuestMe } from '@vela/contracts/guest-api';
import { endpointData, RestError } from '../api/rest.ts';

/** The logged-in guest of this browser, or null (a visitor, an ended session, a locked guest: 401). */
export async function fetchViewer(): Promise<GuestMe | null> {
  // The endpoint's declaration, with its answer schema: importing zod itself here would make the
  // bundler ship all of zod (~70 KB compressed) with whichever page first loads it (issue 15: first
  // load on a phone).
  const { guestEndpoints } = await import('@vela/contracts/guest-api');
  try {
    const { guest } = await endpointData(guestEndpoints.me);
    return guest;
  } catch (error) {
    // 401 NOT_LOGGED_IN: the cookie's session is anonymous or has ended. Any other failure leaves
    // the page as a visitor's too (the account area must not stay a placeholder); a reload retries.
    if (error instanceof RestError) return null;
    throw error;
  }
}
