import type { RenewalRunResult } from '@vela/contracts/subscriptions-api';
import { describe, expect, it } from 'vitest';
import { createRenewalJob } from './subscriptions.job.ts';

const EMPTY: RenewalRunResult = { renewed: 0, ended: 0, paymentFailed: 0, recovered: 0, errors: 0 };

function controlledRun() {
  let calls = 0;
  let release: (() => void) | null = null;
  const run = () => {
    calls += 1;
    return new Promise<RenewalRunResult>((resolve) => {
      release = () => resolve({ ...EMPTY, renewed: calls });
    });
  };
  return { run, calls: () => calls, release: () => release?.() };
}

describe('renewal job (SUBSCRIPTION_JOB_INTERVAL_MS)', () => {
  it('0 turns the job off: start runs nothing', async () => {
    const control = controlledRun();
    const job = createRenewalJob({ run: control.run, intervalMs: 0 });
    job.start();
    expect(control.calls()).toBe(0);
    await job.stop();
  });

  it('start catches up at once; runs never overlap in a process (runNow joins the run in progress)', async () => {
    const control = controlledRun();
    const job = createRenewalJob({ run: control.run, intervalMs: 60_000 });
    job.start();
    expect(control.calls()).toBe(1);
    const joined = job.runNow();
    expect(control.calls()).toBe(1);
    control.release();
    await expect(joined).resolves.toMatchObject({ renewed: 1 });
    const next = job.runNow();
    expect(control.calls()).toBe(2);
    control.release();
    await next;
    await job.stop();
  });

  it('stop waits for the run in progress', async () => {
    const control = controlledRun();
    const job = createRenewalJob({ run: control.run, intervalMs: 60_000 });
    job.start();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    control.release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
