/** What a guest reads about themself: the spec 3 Guest fields that exist so far. Never the hash. */
import type { GuestMe } from '@vela/contracts/guest-api';
import type { GuestRow, SessionRow } from './guests.repository.ts';

export type { GuestMe };

export function presentGuest(row: GuestRow): GuestMe {
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
