/**
 * The dialog's address, and whether a page's address asks for a dialog: what a page needs before the
 * dialog host has loaded (issue 15, decision 0035). Reading the request itself is urlParams.ts (host).
 */
import type { DialogFlow } from './urlParams.ts';

/**
 * Parameters that only make sense once: after the login they belong to, the page reloads without
 * them (a used reset key would reopen the reset dialog; a redirect token would be redeemed again).
 */
export const ONE_SHOT_PARAMS = [
  'showModalbox',
  'u',
  'key',
  'tpLoginPwdLost',
  'tpEmailPwdLost',
  'redirect_token',
] as const;

/** Every parameter `readDialogUrl` reads or strips (spec 2): the one-shot ones and the flow. */
const DIALOG_URL_PARAMS = [...ONE_SHOT_PARAMS, 'vxpFlow', 'vxpAutoFlow'] as const;

/**
 * Whether a page address may ask for a dialog (or a stripped parameter): only then does the page
 * load the dialog host on load, which reads the address with `dialogRequestOfUrl`.
 */
export function mayCarryDialogRequest(href: string): boolean {
  const params = new URL(href).searchParams;
  return DIALOG_URL_PARAMS.some((name) => params.has(name));
}

/** The dialog's address: `${payOrigin}/?id=<id>&flow=<flow>&lang=<lang>` (+ `sview=wait` on restore). */
export function dialogSrc(
  payOrigin: string,
  input: { id: string; flow: DialogFlow; lang: string; view?: 'wait' },
): string {
  const params = new URLSearchParams({ id: input.id, flow: input.flow, lang: input.lang });
  if (input.view) params.set('sview', input.view);
  return `${payOrigin.replace(/\/+$/, '')}/?${params.toString()}`;
}
