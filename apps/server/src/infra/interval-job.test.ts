import { describe, expect, it, vi } from 'vitest';
import { createIntervalJob } from './interval-job.ts';

describe('interval job', () => {
  it('scheduled ticks run unforced; runNow and runFresh are forced runs', async () => {
    const run = vi.fn(async (forced: boolean) => forced);
    const job = createIntervalJob({ name: 'test', run, intervalMs: 60_000 });
    job.start();
    await job.stop();
    expect(run).toHaveBeenNthCalledWith(1, false);
    expect(await job.runNow()).toBe(true);
    expect(await job.runFresh()).toBe(true);
  });

  it('runFresh waits for the run in progress and then runs again; runNow joins it', async () => {
    let release = () => {};
    const run = vi.fn(
      (forced: boolean) =>
        new Promise<boolean>((resolve) => {
          release = () => resolve(forced);
        }),
    );
    const job = createIntervalJob({ name: 'test', run, intervalMs: 0 });
    const first = job.runNow();
    const joined = job.runNow();
    const fresh = job.runFresh();
    release();
    expect(await first).toBe(true);
    expect(await joined).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(run).toHaveBeenCalledTimes(2);
    release();
    expect(await fresh).toBe(true);
  });
});
