/**
 * Glue between the URL rules of spec 2 (`readDialogUrl` in @vela/domain/payment-dialog) and the
 * dialog host: which dialog a page load opens, or which transfer token it redeems.
 */
import type { DialogInitMessage } from '@vela/contracts/guest-api';
import { isPaymentFlow, PAYMENT_FLOWS, type PaymentFlow } from '@vela/contracts/payment';
import { type DialogUrlAction, readDialogUrl } from '@vela/domain/payment-dialog';
import { ONE_SHOT_PARAMS } from './dialogAddress.ts';

export type DialogFlow = PaymentFlow | 'signup';
export type DialogPrefill = NonNullable<DialogInitMessage['prefill']>;

export type DialogLoadRequest =
  | { kind: 'open'; flow: DialogFlow; prefill?: DialogPrefill; view?: 'wait' }
  | { kind: 'redirect-token'; token: string }
  | { kind: 'none' };

function flowOf(value: string): DialogFlow | null {
  if (value === 'signup') return 'signup';
  return isPaymentFlow(value) ? value : null;
}

export function requestOfUrlAction(action: DialogUrlAction): DialogLoadRequest {
  switch (action.kind) {
    case 'restore': {
      const flow = flowOf(action.flow);
      return flow ? { kind: 'open', flow, view: 'wait' } : { kind: 'none' };
    }
    case 'auto-flow': {
      const flow = flowOf(action.flow);
      return flow ? { kind: 'open', flow } : { kind: 'none' };
    }
    case 'password-reset':
      return { kind: 'open', flow: 'pwdreset', prefill: { u: action.u, key: action.key } };
    case 'password-lost': {
      const prefill: DialogPrefill = {};
      if (action.login) prefill.login = action.login;
      if (action.email) prefill.email = action.email;
      return { kind: 'open', flow: 'pwdlost', prefill };
    }
    case 'redirect-token':
      return { kind: 'redirect-token', token: action.token };
    case 'none':
      return { kind: 'none' };
  }
}

/** The request of a page URL and the address without the vxp parameters (null when unchanged). */
export function dialogRequestOfUrl(href: string): { request: DialogLoadRequest; replaceWith: string | null } {
  const { action, strippedUrl } = readDialogUrl(href, PAYMENT_FLOWS);
  return { request: requestOfUrlAction(action), replaceWith: strippedUrl === href ? null : strippedUrl };
}

/** The address to reload after a login: the current one without the one-shot parameters. */
export function addressAfterLogin(href: string): string {
  const url = new URL(href);
  let changed = false;
  for (const name of ONE_SHOT_PARAMS) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  return changed ? url.toString() : href;
}
