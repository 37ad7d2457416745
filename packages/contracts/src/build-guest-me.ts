/**
 * A logged-in guest as `guest/me` answers it, for the unit tests of the web app and the payment
 * dialog: a new guest with nothing bought or verified, changed by `overrides` (STYLE.md
 * "Factories build data"). One factory, so a field added to GuestMe is added here once.
 */
import type { GuestMe } from './guest-api.ts';

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
    conversionChatCountdownEnds: null,
    isVoicecallActive: false,
    isAnonymousVoicecall: false,
    ...overrides,
  };
}
