/**
 * Fixed-window rate limits kept in the database (shared by every node). A limit is checked before
 * the work it guards; a refused request answers 429 RATE_LIMITED with Retry-After.
 */
import { AppError } from '../../http/errors.ts';
import type { GuestsRepository } from './guests.repository.ts';

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

/** Login attempts per IP address (every attempt counts). */
export const LOGIN_PER_IP: Limit = { name: 'login-ip', max: 20, windowMs: 10 * 60 * 1000 };
/** Failed logins per account (name or email as given, lower-cased; unknown accounts alike). */
export const LOGIN_FAILURES_PER_ACCOUNT: Limit = { name: 'login-account', max: 5, windowMs: 15 * 60 * 1000 };
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
/** Refused login transfer tokens (`vxpay/onsuccess`) per IP address. */
export const TRANSFER_FAILURES_PER_IP: Limit = { name: 'transfer-ip', max: 10, windowMs: 15 * 60 * 1000 };

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many attempts. Try again later.', 429);
  }
}

export function createRateLimiter(repository: GuestsRepository, now: () => number = Date.now) {
  const window = (limit: Limit) => {
    const t = now();
    const start = t - (t % limit.windowMs);
    return {
      start: new Date(start),
      retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - t) / 1000)),
    };
  };
  const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;
  return {
    /** Throws RateLimitedError when the subject used up the window. */
    async check(limit: Limit, subject: string): Promise<void> {
      const w = window(limit);
      if ((await repository.counter(keyOf(limit, subject), w.start)) >= limit.max)
        throw new RateLimitedError(w.retryAfterSeconds);
    },
    async count(limit: Limit, subject: string): Promise<void> {
      await repository.increment(keyOf(limit, subject), window(limit).start);
    },
    /** Counts this attempt, refusing it when the window is used up. */
    async take(limit: Limit, subject: string): Promise<void> {
      const w = window(limit);
      if ((await repository.increment(keyOf(limit, subject), w.start)) > limit.max)
        throw new RateLimitedError(w.retryAfterSeconds);
    },
  };
}
