/**
 * The demo's shows (demo-shows.job.ts; decisions 0050 and 0053): a module with a job and no table and
 * no route. It acts only through the owners' services: the performers module's show schedule, the
 * live module's performer desk, the free-show and clash modules' services. Built only while
 * DEMO_SHOWS is on (app.ts).
 */
import type { FeatureModule } from '../feature-module.ts';
import { createDemoShowsJob, type DemoShowsDeps, type DemoShowsJob } from './demo-shows.job.ts';

/** How often the demo looks at its schedule, free show and clash. */
export const DEMO_SHOWS_JOB_MS = 5_000;

export interface DemoShowsModule extends FeatureModule {
  job: DemoShowsJob;
}

export function createDemoShowsModule(deps: Omit<DemoShowsDeps, 'intervalMs'>): DemoShowsModule {
  const job = createDemoShowsJob({ ...deps, intervalMs: DEMO_SHOWS_JOB_MS });
  return {
    job,
    start() {
      job.job.start();
    },
    async stop() {
      await job.job.stop();
    },
  };
}
