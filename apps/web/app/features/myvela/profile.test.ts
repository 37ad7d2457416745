import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { describe, expect, it } from 'vitest';
import { formatDateTime, ProfileShapeError, parseProfile, parseSessions } from './profile.ts';

const guest = buildGuestMe({ name: 'anna_b', email: 'anna@example.com' });

describe('guest profile answer (GET guest/profile: guest, preferences, notificationsSettings, newsletterTypes)', () => {
  it('reads all four parts', () => {
    const profile = parseProfile(
      {
        guest,
        preferences: { language: 'nl', autoplayPreviews: true, onlineFirst: false },
        notificationsSettings: { newMessageEmail: true, webPush: true, favoriteOnlineSms: false },
        newsletterTypes: [1024, 256],
      },
      'en',
    );
    expect(profile.guest.name).toBe('anna_b');
    expect(profile.preferences).toEqual({ language: 'nl', autoplayPreviews: true, onlineFirst: false });
    expect(profile.notificationsSettings).toEqual({
      favoriteOnlineEmail: false,
      favoriteOnlineSms: false,
      newMessageEmail: true,
      newVideoFromFavoriteEmail: false,
      specialOffersEmail: false,
      webPush: true,
    });
    expect(profile.newsletterMask).toBe(1024 | 256);
  });

  it('gives a guest who never saved preferences the page language and both switches off', () => {
    const profile = parseProfile({ guest, preferences: {}, newsletterTypes: 0 }, 'es');
    expect(profile.preferences).toEqual({ language: 'es', autoplayPreviews: false, onlineFirst: false });
    expect(profile.preferences.language).toBe('es');
    expect(parseProfile({ guest, preferences: { language: 'fr' } }, 'de').preferences.language).toBe('de');
  });

  it('refuses an answer without a guest', () => {
    expect(() => parseProfile({ preferences: {} }, 'en')).toThrow(ProfileShapeError);
    expect(() => parseProfile(null, 'en')).toThrow(ProfileShapeError);
  });
});

describe('sessions list (GET guest/sessions)', () => {
  it('puts this device first, then the most recently seen; drops malformed entries', () => {
    const sessions = parseSessions({
      sessions: [
        { id: '1', createdAt: '2026-01-01T10:00:00Z', lastSeenAt: '2026-01-02T10:00:00Z', current: false },
        { id: 2, createdAt: '2026-01-01T10:00:00Z', lastSeenAt: '2026-01-01T11:00:00Z', current: true },
        { id: '3', createdAt: '2026-01-01T10:00:00Z', lastSeenAt: '2026-01-03T10:00:00Z', ip: '10.0.0.1' },
        { createdAt: '2026-01-01T10:00:00Z' },
      ],
    });
    expect(sessions.map((s) => s.id)).toEqual(['2', '3', '1']);
    expect(sessions[0]?.current).toBe(true);
    expect(sessions[1]?.ip).toBe('10.0.0.1');
    expect(sessions[2]?.userAgent).toBeNull();
  });

  it('refuses an answer without a list', () => {
    expect(() => parseSessions({})).toThrow(ProfileShapeError);
  });
});

describe('dates in the page language (Intl.DateTimeFormat)', () => {
  it('formats per language and keeps text that is no date', () => {
    const iso = '2026-03-05T12:07:00Z';
    const de = formatDateTime(iso, 'de');
    const en = formatDateTime(iso, 'en');
    expect(de).toContain('2026');
    expect(de).toMatch(/05\.03\.2026/);
    expect(en).toMatch(/5 Mar 2026/);
    expect(formatDateTime(iso, 'es')).toMatch(/mar 2026/);
    expect(de).not.toBe(en);
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
