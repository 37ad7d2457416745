/**
 * What the guest area reads from `GET /rest/v1/guest/profile` and `GET /rest/v1/guest/sessions`,
 * checked against the shared contracts (packages/contracts/src/guest-api.ts). Fields the server
 * adds later are ignored; a missing notification setting counts as off.
 */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import {
  type GuestMe,
  GuestMeSchema,
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettings,
  type Preferences,
} from '@vela/contracts/guest-api';
import { localeOf } from '@vela/i18n/translate';
import { newsletterMask } from './newsletter.ts';

export interface GuestProfile {
  guest: GuestMe;
  preferences: Required<Preferences>;
  notificationsSettings: NotificationSettings;
  /** Subscribed newsletter types as a bit mask (spec 3 bit values). */
  newsletterMask: number;
}

export class ProfileShapeError extends Error {
  constructor(what: string) {
    super(`Unexpected ${what} in the guest profile answer`);
    this.name = 'ProfileShapeError';
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Preferences with the defaults of a guest who never saved any (the page language, both off). */
export function preferencesOf(value: unknown, pageLanguage: Language): Required<Preferences> {
  const raw = record(value);
  const language = LANGUAGES.find((l) => l === raw.language) ?? pageLanguage;
  return {
    language,
    autoplayPreviews: raw.autoplayPreviews === true,
    onlineFirst: raw.onlineFirst === true,
  };
}

export function notificationSettingsOf(value: unknown): NotificationSettings {
  const raw = record(value);
  return Object.fromEntries(
    NOTIFICATION_SETTING_KEYS.map((key) => [key, raw[key] === true]),
  ) as NotificationSettings;
}

/** The `data` of the profile answer. Throws ProfileShapeError when the guest is not there. */
export function parseProfile(data: unknown, pageLanguage: Language): GuestProfile {
  const raw = record(data);
  const guest = GuestMeSchema.safeParse(raw.guest);
  if (!guest.success) throw new ProfileShapeError('guest');
  return {
    guest: guest.data,
    preferences: preferencesOf(raw.preferences, pageLanguage),
    notificationsSettings: notificationSettingsOf(raw.notificationsSettings),
    newsletterMask: newsletterMask(raw.newsletterTypes),
  };
}

export interface GuestSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The sessions list: this device first, then the most recently seen. Malformed entries are dropped. */
export function parseSessions(data: unknown): GuestSession[] {
  const list = record(data).sessions;
  if (!Array.isArray(list)) throw new ProfileShapeError('sessions list');
  const sessions: GuestSession[] = [];
  for (const item of list) {
    const raw = record(item);
    const id = typeof raw.id === 'number' ? String(raw.id) : str(raw.id);
    const createdAt = str(raw.createdAt);
    const lastSeenAt = str(raw.lastSeenAt) ?? createdAt;
    if (!id || !createdAt || !lastSeenAt) continue;
    sessions.push({
      id,
      createdAt,
      lastSeenAt,
      userAgent: str(raw.userAgent),
      ip: str(raw.ip),
      current: raw.current === true,
    });
  }
  return sessions.sort(
    (a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt),
  );
}

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

/** A date and time in the page language (Intl.DateTimeFormat); the raw text when it is no date. */
export function formatDateTime(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateTimeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(lang, format);
  }
  return format.format(date);
}
