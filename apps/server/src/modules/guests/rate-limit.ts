/**
 * The guests module's rate limits (the mechanism, atomic and expiring, is infra/rate-limit.ts,
 * decision 0027; every module takes `createRateLimiter` from there). A refused request answers
 * 429 RATE_LIMITED with Retry-After.
 */
import type { Limit } from '../../infra/rate-limit.ts';

/** Login attempts per IP address (every attempt counts). */
export const LOGIN_PER_IP: Limit = { name: 'login-ip', max: 20, windowMs: 10 * 60 * 1000 };
/**
 * Failed logins per account and IP address: the one that stops guessing. An attacker's address runs
 * out; the owner, from another address, still logs in (OWASP Authentication Cheat Sheet).
 */
export const LOGIN_FAILURES_PER_ACCOUNT_IP: Limit = { name: 'login-pair', max: 5, windowMs: 15 * 60 * 1000 };
/**
 * Failed logins per account from all addresses: a ceiling far above the per-address one, against
 * guessing from many addresses (an attacker needs 20 of them to reach it).
 */
export const LOGIN_FAILURES_PER_ACCOUNT: Limit = {
  name: 'login-account',
  max: 100,
  windowMs: 15 * 60 * 1000,
};

/**
 * The account a login names, for the failure limits: the guest when the name or email is one's (so
 * name and email count as one), else the identifier as given, lower-cased (unknown accounts alike).
 */
export function loginAccountKey(guestId: number | null, login: string): string {
  return guestId === null ? `login:${login.toLowerCase()}` : `guest:${guestId}`;
}

/** Signups per IP address. */
export const SIGNUP_PER_IP: Limit = { name: 'signup-ip', max: 5, windowMs: 60 * 60 * 1000 };

/** Password lost requests per IP address (every request counts). */
export const PASSWORD_LOST_PER_IP: Limit = { name: 'pwdlost-ip', max: 10, windowMs: 60 * 60 * 1000 };
/**
 * Password lost requests per account as given (name or email, lower-cased), whether or not it
 * exists: the limit answers alike for both, so it tells nothing about the account.
 */
export const PASSWORD_LOST_PER_ACCOUNT: Limit = { name: 'pwdlost-account', max: 3, windowMs: 60 * 60 * 1000 };
/** Refused password reset attempts (wrong, used or expired key) per IP address. */
export const PASSWORD_RESET_FAILURES_PER_IP: Limit = {
  name: 'pwdreset-ip',
  max: 10,
  windowMs: 15 * 60 * 1000,
};
/**
 * New anonymous sessions (`guest/accessToken` without a session) per IP address: a visitor needs one
 * per browser, the payment dialog one per opening; a NAT of many visitors stays far below this.
 */
export const ANONYMOUS_SESSIONS_PER_IP: Limit = {
  name: 'anon-session-ip',
  max: 200,
  windowMs: 10 * 60 * 1000,
};
/** Refused login transfer tokens (`vxpay/onsuccess`) per IP address. */
export const TRANSFER_FAILURES_PER_IP: Limit = { name: 'transfer-ip', max: 10, windowMs: 15 * 60 * 1000 };
