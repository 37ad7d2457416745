import type { GuestMe } from '@vela/contracts/guest-api';

/** A logged-in guest as guest/me returns it, shared by the dialog's unit tests. */
export const testGuest: GuestMe = {
  id: '7',
  name: 'anna',
  email: 'anna@example.com',
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
};
