/**
 * Notification rules (spec 4 "Notifications", spec 9): the numeric types, which of them are never
 * shown, how many the navbar and floating lists hold, and the read/seen transitions.
 */

/** Spec 9: initial notifications, newest first. */
export const NEWEST_NOTIFICATIONS = 5;

/** Spec 9: stored (they drive other features) but never shown to the guest. */
export const HIDDEN_NOTIFICATION_TYPES = [6, 7, 13, 14, 15, 22] as const;

/**
 * The types with their own text (packages/i18n notifications.ts); any other shown type renders a
 * generic text. Created by: presence (favoriteOnline), promotions (bonusCodeRedeemed), subscriptions
 * (subscriptionStarted), AVS (avsAccepted), the messenger (messengerMessage) and the operator API
 * (any type).
 */
export const NOTIFICATION_TYPES = {
  /** A pinned actor came online (params: actorId, actorName). */
  favoriteOnline: 1,
  /** A bonus code was redeemed (params: code). */
  bonusCodeRedeemed: 3,
  /** A VIP or TV subscription started (params: product). */
  subscriptionStarted: 4,
  /** The age verification was accepted. */
  avsAccepted: 5,
  /** A message from the team (params: text). */
  teamMessage: 9,
  /** A performer's message in the messenger (params: actorId, actorName, channelId; issue 19). */
  messengerMessage: 10,
} as const;

export const MIN_NOTIFICATION_TYPE = 1;
export const MAX_NOTIFICATION_TYPE = 99;

/** A favorite going online notifies each guest at most once per hour and actor. */
export const FAVORITE_ONLINE_NOTIFY_INTERVAL_MS = 60 * 60 * 1000;

export function isHiddenNotificationType(type: number): boolean {
  return (HIDDEN_NOTIFICATION_TYPES as readonly number[]).includes(type);
}

export function isShownNotificationType(type: number): boolean {
  return (
    Number.isInteger(type) &&
    type >= MIN_NOTIFICATION_TYPE &&
    type <= MAX_NOTIFICATION_TYPE &&
    !isHiddenNotificationType(type)
  );
}

export interface NotificationFlags {
  unread: boolean;
  unseen: boolean;
}

/** Reading implies seeing; both only move forward (read and seen never become unread or unseen). */
export function markRead(_flags: NotificationFlags): NotificationFlags {
  return { unread: false, unseen: false };
}

export function markSeen(flags: NotificationFlags): NotificationFlags {
  return { unread: flags.unread, unseen: false };
}

/** The dedupe key of a favorite's online notification: one per guest, actor and hour. */
export function favoriteOnlineDedupeKey(actorId: number, at: Date): string {
  return `favoriteOnline:${actorId}:${Math.floor(at.getTime() / FAVORITE_ONLINE_NOTIFY_INTERVAL_MS)}`;
}
