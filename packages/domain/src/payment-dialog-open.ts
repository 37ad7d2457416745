/**
 * What a page needs to open the payment dialog before the dialog's own code has loaded (issue 15: the
 * host loads on first use, decision 0035): where the dialog opens (iframe or new tab, decided in the
 * click, since a browser blocks a tab opened later) and the look of the loading layer (spec 9).
 * Re-exported by ./payment-dialog.ts, which has the rest of the rules.
 */

// Constants of spec 9.
export const DIALOG_WIDTH = 675;
export const DIALOG_HEIGHT = 740;
export const DIALOG_Z_INDEX = 10001;
export const OVERLAY_Z_INDEX = 10000;
export const OVERLAY_OPACITY = 0.3;
export const SPINNER_SIZE = 140;

/**
 * Embedded iframe, or a new tab on mobile browsers other than IEMobile, or for logged-in guests
 * when that is enabled (spec 2).
 */
export function opensInNewTab(input: {
  mobile: boolean;
  ieMobile: boolean;
  loggedIn: boolean;
  newTabForLoggedIn: boolean;
}): boolean {
  if (input.mobile && !input.ieMobile) return true;
  return input.loggedIn && input.newTabForLoggedIn;
}
