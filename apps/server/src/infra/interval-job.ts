/**
 * A job that runs every `intervalMs` (0: off), the first run at start. Runs never overlap within a
 * process: `runNow` (an operator's "run it now") joins the run in progress. A failed scheduled run is
 * logged; the next tick tries again.
 */
export interface IntervalJob<T> {
  start(): void;
  /** One run now (forced), or the one in progress (never two at once in this process). */
  runNow(): Promise<T>;
  /** A forced run that starts after this call: waits for the one in progress, if any, then runs. */
  runFresh(): Promise<T>;
  stop(): Promise<void>;
}

export function createIntervalJob<T>(deps: {
  /** Names the job in the log. */
  name: string;
  /** `forced`: an operator's run (runNow, runFresh); false for the scheduled ticks. */
  run: (forced: boolean) => Promise<T>;
  intervalMs: number;
  log?: { error(object: object, message: string): void };
}): IntervalJob<T> {
  let timer: ReturnType<typeof setInterval> | null = null;
  let inFlight: Promise<T> | null = null;
  let stopped = false;

  const runOnce = (forced: boolean): Promise<T> => {
    if (inFlight) return inFlight;
    const run = deps.run(forced).finally(() => {
      inFlight = null;
    });
    inFlight = run;
    return run;
  };
  const runNow = () => runOnce(true);
  const tick = () => {
    if (stopped) return;
    runOnce(false).catch((error) => deps.log?.error({ err: error }, `${deps.name} run failed`));
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
    async runFresh() {
      const running = inFlight;
      if (running) await running.catch(() => undefined);
      return runNow();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight?.catch(() => undefined);
    },
  };
}
