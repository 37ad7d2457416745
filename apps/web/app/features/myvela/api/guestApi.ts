/**
 * The guest REST calls of the guest area, same origin with the session cookie (spec 7 paths under
 * /rest/v1). Every failure becomes an `ApiError` with the server's stable code (or NETWORK when no
 * answer came), so the forms can show a translated message a person can act on.
 */
import type { Language } from '@vela/contracts/common';
import type { NewsletterType, NotificationSettings, Preferences } from '@vela/contracts/guest-api';
import { NEWSLETTER_TYPES } from '@vela/contracts/guest-api';
import { newsletterSucceeded } from '../newsletter.ts';
import {
  type GuestProfile,
  type GuestSession,
  notificationSettingsOf,
  parseProfile,
  parseSessions,
} from '../profile.ts';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface CallResult {
  /** The whole answer body (spec 5 newsletter rule reads both success flags). */
  body: Record<string, unknown>;
  data: unknown;
}

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown): Promise<CallResult> {
  let response: Response;
  try {
    response = await fetch(`/rest/v1/${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        payload === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  } catch {
    throw new ApiError('NETWORK', 'No answer from the server', 0);
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // No JSON: handled below as an error of the response status.
  }
  if (!response.ok || body.success !== true) {
    const error = (body.error ?? {}) as { code?: unknown; message?: unknown };
    throw new ApiError(
      typeof error.code === 'string' ? error.code : response.status === 401 ? 'NOT_LOGGED_IN' : 'UNKNOWN',
      typeof error.message === 'string' ? error.message : response.statusText,
      response.status,
    );
  }
  return { body, data: body.data };
}

export async function fetchProfile(pageLanguage: Language): Promise<GuestProfile> {
  const { data } = await call('GET', 'guest/profile');
  return parseProfile(data, pageLanguage);
}

export async function savePreferences(preferences: Preferences): Promise<void> {
  await call('POST', 'guest/savePreferences', { data: preferences });
}

/** Saves notification settings; answers the settings the server now holds (or those sent). */
export async function saveNotificationSettings(
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const { data } = await call('POST', 'guest/getNotificationsSettings', settings);
  const saved = (data as { notificationsSettings?: unknown } | null)?.notificationsSettings ?? data;
  return typeof saved === 'object' && saved !== null ? notificationSettingsOf(saved) : settings;
}

/** Spec 7 newsletter/subscribe (typeId, userId, emailAddress) and unsubscribe (typeId); spec 5 success rule. */
export async function setNewsletter(
  type: NewsletterType,
  subscribe: boolean,
  guest: { id: string; email: string },
): Promise<void> {
  const typeId = NEWSLETTER_TYPES[type];
  const { body } = subscribe
    ? await call('POST', 'guest/newsletter/subscribe', {
        typeId,
        userId: guest.id,
        emailAddress: guest.email,
      })
    : await call('POST', 'guest/newsletter/unsubscribe', { typeId });
  if (!newsletterSucceeded(body))
    throw new ApiError('NEWSLETTER_FAILED', 'The newsletter change failed', 200);
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await call('POST', 'guest/password', { currentPassword, newPassword });
}

export async function fetchSessions(): Promise<GuestSession[]> {
  const { data } = await call('GET', 'guest/sessions');
  return parseSessions(data);
}

export async function signOutSession(id: string): Promise<void> {
  await call('DELETE', `guest/sessions/${encodeURIComponent(id)}`);
}

/** Spec 7 vxpay/logout: ends this device's session. */
export async function logout(): Promise<void> {
  await call('POST', 'vxpay/logout');
}
