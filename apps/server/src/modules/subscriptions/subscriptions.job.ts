/**
 * The renewal job: every `intervalMs` (0: off) one run of `service.runRenewals`; the first run at start
 * catches up whatever fell due while the server was down. Runs never overlap within a process; across
 * processes the ledger keys and row guards keep every period charged once (decision 0013).
 */
import type { RenewalRunResult } from '@vela/contracts/subscriptions-api';
import { createIntervalJob, type IntervalJob } from '../../infra/interval-job.ts';

export type RenewalJob = IntervalJob<RenewalRunResult>;

export function createRenewalJob(deps: {
  run: () => Promise<RenewalRunResult>;
  intervalMs: number;
  log?: { error(object: object, message: string): void };
}): RenewalJob {
  return createIntervalJob({ name: 'subscription renewal', ...deps });
}
