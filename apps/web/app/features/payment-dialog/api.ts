/**
 * The guest REST calls the dialog host makes from the page (same origin, session cookie):
 * the page's access token for the dialog, the login/signup result (`vxpay/onsuccess`) and logout.
 * Method, path and answer come from `guestEndpoints` (decision 0032), imported at the first call
 * (decision 0035: the declarations bring their schemas). A failure is an answer here (null, false).
 */
import type { OnSuccessRequest } from '@vela/contracts/guest-api';
import { endpointCall, endpointData } from '../api/rest.ts';

const endpoints = () => import('@vela/contracts/guest-api').then((contract) => contract.guestEndpoints);

export interface PageAccessToken {
  accessToken: string;
  expiresAt: Date;
}

/**
 * A short-lived access token of the page's session (creates the anonymous session of a visitor
 * without one). Null when the server does not answer with one.
 */
export async function requestAccessToken(): Promise<PageAccessToken | null> {
  try {
    const data = await endpointData((await endpoints()).accessToken);
    const expiresAt = new Date(data.expiresAt);
    if (Number.isNaN(expiresAt.getTime())) return null;
    return { accessToken: data.accessToken, expiresAt };
  } catch {
    return null;
  }
}

export type OnSuccessOutcome = { ok: true; url: string | null } | { ok: false };

/** POST vxpay/onsuccess: exchanges the dialog's transfer token for the page's session cookie. */
export async function postOnSuccess(body: OnSuccessRequest): Promise<OnSuccessOutcome> {
  try {
    const data = await endpointData((await endpoints()).onSuccess, { body });
    return { ok: true, url: data.url !== null && data.url !== '' ? data.url : null };
  } catch {
    return { ok: false };
  }
}

/** POST vxpay/logout; true when the server confirmed it. */
export async function postLogout(): Promise<boolean> {
  try {
    await endpointCall((await endpoints()).logout);
    return true;
  } catch {
    return false;
  }
}
