/**
 * The guest REST calls the dialog host makes from the page (same origin, session cookie):
 * the page's access token for the dialog, the login/signup result (`vxpay/onsuccess`) and logout.
 */
import type { OnSuccessRequest } from '@vela/contracts/guest-api';

const REST = '/rest/v1';

async function post(path: string, body?: unknown): Promise<Response> {
  return fetch(`${REST}/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function dataOf(json: unknown): Record<string, unknown> | null {
  if (typeof json !== 'object' || json === null) return null;
  const body = json as { success?: unknown; data?: unknown };
  if (body.success !== true || typeof body.data !== 'object' || body.data === null) return null;
  return body.data as Record<string, unknown>;
}

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
    const response = await post('guest/accessToken');
    if (!response.ok) return null;
    const data = dataOf(await response.json());
    if (!data || typeof data.accessToken !== 'string' || typeof data.expiresAt !== 'string') return null;
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
    const response = await post('vxpay/onsuccess', body);
    if (!response.ok) return { ok: false };
    const data = dataOf(await response.json());
    if (!data) return { ok: false };
    return { ok: true, url: typeof data.url === 'string' && data.url !== '' ? data.url : null };
  } catch {
    return { ok: false };
  }
}

/** POST vxpay/logout; true when the server confirmed it. */
export async function postLogout(): Promise<boolean> {
  try {
    const response = await post('vxpay/logout');
    return response.ok;
  } catch {
    return false;
  }
}
