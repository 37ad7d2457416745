/**
 * The guest REST calls of the guest area, same origin with the session cookie (spec 7 paths under
 * /rest/v1). Every failure becomes a `RestError` (../../api/rest.ts) with the server's stable code
 * (or NETWORK when no answer came), so the forms can show a translated message a person can act on.
 */
import type { Language } from '@vela/contracts/common';
import type { NewsletterType, NotificationSettings, Preferences } from '@vela/contracts/guest-api';
import { guestEndpoints as e, NEWSLETTER_TYPES } from '@vela/contracts/guest-api';
import { endpointCall, RestError } from '../../api/rest.ts';
import { newsletterSucceeded } from '../newsletter.ts';
import {
  type GuestProfile,
  type GuestSession,
  notificationSettingsOf,
  parseProfile,
  parseSessions,
} from '../profile.ts';

export async function fetchProfile(pageLanguage: Language): Promise<GuestProfile> {
  const { data } = await endpointCall(e.profile);
  return parseProfile(data, pageLanguage);
}

export async function savePreferences(preferences: Preferences): Promise<void> {
  await endpointCall(e.savePreferences, { body: { data: preferences } });
}

/** Saves notification settings; answers the settings the server now holds (or those sent). */
export async function saveNotificationSettings(
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const { data } = await endpointCall(e.saveNotificationsSettings, { body: settings });
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
    ? await endpointCall(e.newsletterSubscribe, {
        body: { typeId, userId: guest.id, emailAddress: guest.email },
      })
    : await endpointCall(e.newsletterUnsubscribe, { body: { typeId } });
  if (!newsletterSucceeded(body))
    throw new RestError('NEWSLETTER_FAILED', 'The newsletter change failed', 200);
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await endpointCall(e.changePassword, { body: { currentPassword, newPassword } });
}

export async function fetchSessions(): Promise<GuestSession[]> {
  const { data } = await endpointCall(e.sessions);
  return parseSessions(data);
}

export async function signOutSession(id: string): Promise<void> {
  await endpointCall(e.endSession, { params: { id } });
}

/** Spec 7 vxpay/logout: ends this device's session. */
export async function logout(): Promise<void> {
  await endpointCall(e.logout);
}
