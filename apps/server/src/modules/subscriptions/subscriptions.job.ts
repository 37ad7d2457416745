/**
 * The renewal job: every `intervalMs` (0: off) one run of `service.runRenewals`; the first run at start
 * catches up whatever fell due while the server was down. Runs never overlap within a process; across
 * processes the ledger keys and row guards keep every period charged once (decision 0013).
 */
import type { RenewalRunResult } from '@vela/contracts/subscriptions-api';

export interface RenewalJob {
  start(): void;
  /** One run now, or the one in progress (never two at once in this process). */
  runNow(): Promise<RenewalRunResult>;
  stop(): Promise<void>;
}

export function createRenewalJob(deps: {
  run: () => Promise<RenewalRunResult>;
  intervalMs: number;
  log?: { error(object: object, message: string): void };
}): RenewalJob {
  let timer: ReturnType<typeof setInterval> | null = null;
  let inFlight: Promise<RenewalRunResult> | null = null;
  let stopped = false;

  const runNow = (): Promise<RenewalRunResult> => {
    if (inFlight) return inFlight;
    const run = deps.run().finally(() => {
      inFlight = null;
    });
    inFlight = run;
    return run;
  };
  const tick = () => {
    if (stopped) return;
    runNow().catch((error) => deps.log?.error({ err: error }, 'subscription renewal run failed'));
  };

  return {
    start() {
      if (deps.intervalMs <= 0 || timer) return;
      stopped = false;
      tick();
      timer = setInterval(tick, deps.intervalMs);
      timer.unref?.();
    },
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight?.catch(() => undefined);
    },
  };
}
