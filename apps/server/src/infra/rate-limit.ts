/**
 * Rate limits kept in the database, shared by every node (decision 0027). A limit allows `max`
 * attempts per subject in fixed windows of `windowMs`; a refused attempt answers 429 RATE_LIMITED with
 * Retry-After (the route's error handler sets the header from `retryAfterSeconds`).
 *
 * Taking an attempt is ONE statement (`insert ... on conflict do update ... where count < max
 * returning`): PostgreSQL serialises concurrent takes of a window on its row, so no more than `max`
 * ever pass, on one node or many, and a refused attempt does not count. There is no check-then-count:
 * work that counts only when it fails (a wrong password) takes its attempt first and gives it back
 * (`refund`) when it succeeds. Every row carries the end of its window (`expires_at`); the prune job
 * deletes the ended ones.
 */
import type { Db } from '@vela/db/client';
import { and, eq, gt, lt, sql } from '@vela/db/orm';
import { rateLimitCounters } from '@vela/db/schema/infra';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';
import { createIntervalJob, type IntervalJob } from './interval-job.ts';

export interface Limit {
  /** Names the limit in the counter's key: unique per limit. */
  name: string;
  /** Attempts allowed per subject and window (at least 1). */
  max: number;
  windowMs: number;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many attempts. Try again later.', 429);
  }
}

/**
 * A refused request's 429 carries Retry-After: this plugin-scoped error handler sets the header and
 * rethrows, so the app's own handler still writes the answer.
 */
export function retryAfterOnRateLimit(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  });
}

/** An attempt that was counted; `refund` gives it back to its window (once; later calls do nothing). */
export interface TakenAttempt {
  refund(): Promise<void>;
}

/** The SQL of the counters. */
export interface RateLimitStore {
  /** Adds one to the window's counter unless it reached `max`: the new count, or null (refused). */
  take(key: string, windowStart: Date, expiresAt: Date, max: number): Promise<number | null>;
  /** Takes one off the window's counter (not below 0). */
  refund(key: string, windowStart: Date): Promise<void>;
  /** The window's count (0 when none). */
  count(key: string, windowStart: Date): Promise<number>;
  /** Deletes the counters of windows that ended before `now`; how many. */
  prune(now: Date): Promise<number>;
}

export function createRateLimitStore(db: Db): RateLimitStore {
  const window = (key: string, windowStart: Date) =>
    and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart));
  return {
    async take(key, windowStart, expiresAt, max) {
      const rows = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart, expiresAt, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
          setWhere: lt(rateLimitCounters.count, max),
        })
        .returning({ count: rateLimitCounters.count });
      return rows[0]?.count ?? null;
    },
    async refund(key, windowStart) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`${rateLimitCounters.count} - 1` })
        .where(and(window(key, windowStart), gt(rateLimitCounters.count, 0)));
    },
    async count(key, windowStart) {
      const [row] = await db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(window(key, windowStart));
      return row?.count ?? 0;
    },
    async prune(now) {
      const rows = await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.expiresAt, now))
        .returning({ key: rateLimitCounters.key });
      return rows.length;
    },
  };
}

export interface RateLimiter {
  /**
   * Counts one attempt of `subject`; RateLimitedError (429) when its window is used up (a refused
   * attempt is not counted).
   */
  take(limit: Limit, subject: string): Promise<TakenAttempt>;
  /**
   * Takes one attempt of each, in order; when one is refused, the ones taken before are given back
   * and its RateLimitedError is thrown. `refund` gives all of them back.
   */
  takeAll(attempts: ReadonlyArray<readonly [Limit, string]>): Promise<TakenAttempt>;
  /** Attempts counted in the subject's current window (for tests and operators; never a gate). */
  count(limit: Limit, subject: string): Promise<number>;
}

/** A limiter on the counters of `source` (a store, or anything that holds one, e.g. GuestsRepository). */
export function createRateLimiter(
  source: RateLimitStore | { rateLimits: RateLimitStore },
  now: () => number = Date.now,
): RateLimiter {
  const store = 'rateLimits' in source ? source.rateLimits : source;
  const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;
  const take = async (limit: Limit, subject: string): Promise<TakenAttempt> => {
    const t = now();
    const start = t - (t % limit.windowMs);
    const windowStart = new Date(start);
    const key = keyOf(limit, subject);
    if ((await store.take(key, windowStart, new Date(start + limit.windowMs), limit.max)) === null)
      throw new RateLimitedError(Math.max(1, Math.ceil((start + limit.windowMs - t) / 1000)));
    let refunded = false;
    return {
      async refund() {
        if (refunded) return;
        refunded = true;
        await store.refund(key, windowStart);
      },
    };
  };
  return {
    take,
    async takeAll(attempts) {
      const taken: TakenAttempt[] = [];
      const refundAll = async () => {
        for (const attempt of taken.splice(0)) await attempt.refund();
      };
      try {
        for (const [limit, subject] of attempts) taken.push(await take(limit, subject));
      } catch (error) {
        await refundAll();
        throw error;
      }
      return { refund: refundAll };
    },
    async count(limit, subject) {
      const t = now();
      return store.count(keyOf(limit, subject), new Date(t - (t % limit.windowMs)));
    },
  };
}

export const RATE_LIMIT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** Deletes the counters of ended windows every `intervalMs` (10 min), the first run at start. */
export function createRateLimitPruneJob(deps: {
  store: RateLimitStore;
  intervalMs?: number;
  now?: () => number;
  log?: { error(object: object, message: string): void };
}): IntervalJob<number> {
  const now = deps.now ?? Date.now;
  return createIntervalJob({
    name: 'rate limit prune',
    intervalMs: deps.intervalMs ?? RATE_LIMIT_PRUNE_INTERVAL_MS,
    ...(deps.log ? { log: deps.log } : {}),
    run: () => deps.store.prune(new Date(now())),
  });
}
