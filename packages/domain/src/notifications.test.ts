import { describe, expect, it } from 'vitest';
import {
  favoriteOnlineDedupeKey,
  HIDDEN_NOTIFICATION_TYPES,
  isHiddenNotificationType,
  isShownNotificationType,
  markRead,
  markSeen,
  NEWEST_NOTIFICATIONS,
} from './notifications.ts';

describe('notifications (spec 4, spec 9)', () => {
  it('spec 9: the lists hold the newest 5', () => {
    expect(NEWEST_NOTIFICATIONS).toBe(5);
  });

  it('spec 9: types 6, 7, 13, 14, 15 and 22 are hidden, every other type 1..99 is shown', () => {
    expect([...HIDDEN_NOTIFICATION_TYPES]).toEqual([6, 7, 13, 14, 15, 22]);
    for (const type of [6, 7, 13, 14, 15, 22]) {
      expect(isHiddenNotificationType(type)).toBe(true);
      expect(isShownNotificationType(type)).toBe(false);
    }
    for (const type of [1, 3, 5, 8, 12, 16, 21, 23, 99]) expect(isShownNotificationType(type)).toBe(true);
    for (const type of [0, -1, 100, 1.5]) expect(isShownNotificationType(type)).toBe(false);
  });

  it('spec 4: unread -> read also marks seen; unseen -> seen keeps unread; neither goes back', () => {
    expect(markRead({ unread: true, unseen: true })).toEqual({ unread: false, unseen: false });
    expect(markSeen({ unread: true, unseen: true })).toEqual({ unread: true, unseen: false });
    expect(markSeen({ unread: false, unseen: false })).toEqual({ unread: false, unseen: false });
    expect(markRead({ unread: false, unseen: false })).toEqual({ unread: false, unseen: false });
  });

  it('a favorite going online notifies once per actor and hour', () => {
    const at = new Date('2026-11-22T10:05:00Z');
    expect(favoriteOnlineDedupeKey(7, at)).toBe(favoriteOnlineDedupeKey(7, new Date('2026-11-22T10:59:59Z')));
    expect(favoriteOnlineDedupeKey(7, at)).not.toBe(
      favoriteOnlineDedupeKey(7, new Date('2026-11-22T11:00:00Z')),
    );
    expect(favoriteOnlineDedupeKey(7, at)).not.toBe(favoriteOnlineDedupeKey(8, at));
  });
});
