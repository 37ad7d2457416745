/**
 * A logged-in guest as `guest/me` answers it, for the web app's tests: a new guest with nothing
 * bought or verified, changed by `overrides` (STYLE.md "Factories build data").
 */
import type { GuestMe } from '@vela/contracts/guest-api';

export function buildGuestMe(overrides: Partial<GuestMe> = {}): GuestMe {
  return {
    id: '7',
    name: 'Mara',
    email: 'mara@example.com',
    hasAvs: false,
    avsStatus: 'unknown',
    avsRejectMessage: null,
    isLocked: false,
    isLoggedIn: true,
    isRestricted: false,
    restrictionLevel: 0,
    showDataProtection: false,
    signupOrigin: null,
    balance: 0,
    balanceCents: 0,
    balanceFormatted: '0',
    isPayingCustomer: false,
    isVip: false,
    isVXTVAboSubscriber: false,
    ...overrides,
  };
}
