/** What a guest reads about themself: the spec 3 Guest fields that exist so far. Never the hash. */
import {
  type GuestMe,
  NEWSLETTER_TYPES,
  type NewsletterType,
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettingKey,
  type NotificationSettings,
  type Preferences,
  PreferencesSchema,
} from '@vela/contracts/guest-api';
import { coinBalanceOf } from '@vela/domain/coin-balance';
import type { GuestMoneyState, GuestRow, SessionRow } from './guests.repository.ts';

export type { GuestMe };

export function presentGuest(row: GuestRow, money: GuestMoneyState): GuestMe {
  const balance = coinBalanceOf(money.balanceCents);
  return {
    id: String(row.id),
    name: row.screenName,
    email: row.email,
    hasAvs: row.avsStatus === 'accepted',
    avsStatus: row.avsStatus,
    avsRejectMessage: row.avsRejectMessage,
    isLocked: row.locked,
    isLoggedIn: true,
    isRestricted: row.restricted,
    restrictionLevel: row.restrictionLevel,
    showDataProtection: row.showDataProtection,
    signupOrigin: row.signupOrigin,
    balance: balance.coins,
    balanceCents: balance.cents,
    balanceFormatted: balance.formatted,
    isPayingCustomer: money.isPayingCustomer,
    isVip: money.isVip,
    isVXTVAboSubscriber: money.isVip || money.isTvSubscriber,
    // Spec 3: a guest who has paid is converted; their countdown no longer shows.
    conversionChatCountdownEnds: money.isPayingCustomer ? null : (money.conversionChatCountdownEnds ?? null),
    // Spec 3: a logged-in guest's own call; the anonymous voice caller is a visitor (no guest/me).
    isVoicecallActive: money.isVoicecallActive ?? false,
    isAnonymousVoicecall: false,
    // Spec 3 Guest.boughtGifts (issue 19): the messenger gifts owned, gift id → quantity.
    boughtGifts: money.boughtGifts ?? {},
  };
}

export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

export function presentSession(row: SessionRow, currentSessionId: number): SessionView {
  return {
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    userAgent: row.userAgent,
    ip: row.ip,
    current: row.id === currentSessionId,
  };
}

/** The stored preferences that are known and well-formed (anything else stays inside). */
export function presentPreferences(stored: Record<string, unknown>): Preferences {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(PreferencesSchema.shape) as (keyof Preferences)[]) {
    const parsed = PreferencesSchema.shape[key].safeParse(stored[key]);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as Preferences;
}

/** Default of a notification setting: mails on, SMS and web push off. */
export function defaultNotificationSetting(key: NotificationSettingKey): boolean {
  return key.endsWith('Email');
}

/** Every notification setting, stored value or default. */
export function presentNotificationSettings(stored: Record<string, unknown>): NotificationSettings {
  return Object.fromEntries(
    NOTIFICATION_SETTING_KEYS.map((key) => {
      const value = stored[key];
      return [key, typeof value === 'boolean' ? value : defaultNotificationSetting(key)];
    }),
  ) as NotificationSettings;
}

/** Names of the newsletter types whose bits are set (spec 3 bit values). */
export function newsletterTypesOf(bits: number): NewsletterType[] {
  return (Object.entries(NEWSLETTER_TYPES) as [NewsletterType, number][])
    .filter(([, bit]) => (bits & bit) === bit)
    .map(([name]) => name);
}
