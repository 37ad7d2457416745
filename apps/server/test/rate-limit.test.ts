/**
 * The rate limiter on a real database (PGlite, or PostgreSQL when DATABASE_URL is set, where parallel
 * takes really run at once on the pool's connections): atomic, expiring, pruned (issue 14, defect 9).
 */

import { rateLimitCounters } from '@vela/db/schema';
import { createTestDatabase, type TestDatabase } from '@vela/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  createRateLimitPruneJob,
  createRateLimitStore,
  type Limit,
  RateLimitedError,
  type RateLimitStore,
} from '../src/infra/rate-limit.ts';

const MINUTE = 60 * 1000;
/** A fixed clock the test moves by hand (the window arithmetic never reads the real time). */
const T0 = Date.parse('2026-11-26T08:00:10.000Z');

describe('rate limits in the database (issue 14, defect 9)', () => {
  let database: TestDatabase;
  let store: RateLimitStore;
  let clock = T0;
  const now = () => clock;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createRateLimitStore(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('50 parallel attempts against a limit of 7: exactly 7 pass, 43 are refused with 429, and the count stays 7', async () => {
    const limiter = createRateLimiter(store, now);
    const limit: Limit = { name: 'parallel', max: 7, windowMs: 15 * MINUTE };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => limiter.take(limit, 'subject')),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(passed).toHaveLength(7);
    expect(refused).toHaveLength(43);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error.statusCode).toBe(429);
    }
    expect(await limiter.count(limit, 'subject')).toBe(7);
    // Another subject has its own counter.
    await expect(limiter.take(limit, 'other')).resolves.toBeDefined();
  });

  it('50 parallel take-then-refund cycles never let more than the limit in at once', async () => {
    const limiter = createRateLimiter(store, now);
    const limit: Limit = { name: 'inflight', max: 3, windowMs: 15 * MINUTE };
    let inside = 0;
    let most = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, async () => {
        const attempt = await limiter.take(limit, 'subject');
        inside++;
        most = Math.max(most, inside);
        await Promise.resolve();
        inside--;
        await attempt.refund();
      }),
    );
    expect(most).toBeLessThanOrEqual(3);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(3);
    expect(await limiter.count(limit, 'subject')).toBe(0);
  });

  it('a refund gives one attempt back, once', async () => {
    const limiter = createRateLimiter(store, now);
    const limit: Limit = { name: 'refund', max: 2, windowMs: 15 * MINUTE };
    const first = await limiter.take(limit, 's');
    await limiter.take(limit, 's');
    await expect(limiter.take(limit, 's')).rejects.toBeInstanceOf(RateLimitedError);
    await first.refund();
    await first.refund();
    expect(await limiter.count(limit, 's')).toBe(1);
    await limiter.take(limit, 's');
    await expect(limiter.take(limit, 's')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('takeAll gives back what it took when a later limit refuses', async () => {
    const limiter = createRateLimiter(store, now);
    const narrow: Limit = { name: 'all-narrow', max: 1, windowMs: 15 * MINUTE };
    const wide: Limit = { name: 'all-wide', max: 10, windowMs: 15 * MINUTE };
    await limiter.take(narrow, 's');
    await expect(
      limiter.takeAll([
        [wide, 's'],
        [narrow, 's'],
      ]),
    ).rejects.toBeInstanceOf(RateLimitedError);
    expect(await limiter.count(wide, 's')).toBe(0);
    const both = await limiter.takeAll([[wide, 's']]);
    expect(await limiter.count(wide, 's')).toBe(1);
    await both.refund();
    expect(await limiter.count(wide, 's')).toBe(0);
  });

  it('a window ends: Retry-After counts down to its end, and the next window allows again', async () => {
    clock = T0;
    const limiter = createRateLimiter(store, now);
    const limit: Limit = { name: 'window', max: 1, windowMs: MINUTE };
    await limiter.take(limit, 's');
    const refused = await limiter.take(limit, 's').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // T0 is 10 s into its minute: 50 s are left.
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(50);
    clock = T0 + 50 * 1000;
    await expect(limiter.take(limit, 's')).resolves.toBeDefined();
  });

  it('the prune job deletes the counters of ended windows and keeps the running ones', async () => {
    clock = T0;
    const limiter = createRateLimiter(store, now);
    const short: Limit = { name: 'prune-short', max: 5, windowMs: MINUTE };
    const long: Limit = { name: 'prune-long', max: 5, windowMs: 60 * MINUTE };
    await limiter.take(short, 's');
    await limiter.take(long, 's');
    const job = createRateLimitPruneJob({ store, now, intervalMs: 0 });
    const keys = async () =>
      (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(await keys()).toEqual(expect.arrayContaining(['prune-short:s', 'prune-long:s']));
    // Still inside both windows: nothing of them goes.
    await job.runNow();
    expect(await keys()).toEqual(expect.arrayContaining(['prune-short:s', 'prune-long:s']));
    // Two minutes on: the minute window has ended, the hour window runs on.
    clock = T0 + 2 * MINUTE;
    expect(await job.runNow()).toBeGreaterThanOrEqual(1);
    const left = await keys();
    expect(left).not.toContain('prune-short:s');
    expect(left).toContain('prune-long:s');
    expect(await limiter.count(long, 's')).toBe(1);
    // Every counter row carries the end of its window.
    const rows = await database.db.select().from(rateLimitCounters);
    for (const row of rows) expect(row.expiresAt.getTime()).toBeGreaterThan(row.windowStart.getTime());
    await job.stop();
  });
});
