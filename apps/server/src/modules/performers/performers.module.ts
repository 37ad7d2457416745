/** Performer lists (issue 5 deliverable 1): /cams/, /new-girls/, /free-chat/, /cam-shows/, top cams, models lists, recommended and preferred models, online amount. */
import type { PerformerPageServices } from '@vela/contracts/performers';
import type { Country } from '../../infra/country.ts';
import { createIntervalJob } from '../../infra/interval-job.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { type ChatRatingWrites, createChatRatingWrites } from './chat-ratings.ts';
import { performersGraphql } from './performers.graphql.ts';
import { performersRoutes } from './performers.routes.ts';
import { createPerformersService } from './performers.service.ts';

/** Top cams lists other than favorites are cached this long (per language, list and page). */
export const TOP_CAMS_CACHE_MS = 10_000;

export interface PerformersModule extends FeatureModule {
  /** The page loaders' calls of this slice, for a caller from `country` (spec 6 banned countries). */
  pagesIn(country: Country): PerformerPageServices;
  /** Chat ratings reported by the live module (survey/chatexit of a live chat). */
  chatRatings: ChatRatingWrites;
}

export function createPerformersModule(deps: FeatureModuleDeps): PerformersModule {
  const service = createPerformersService(deps.db, undefined, { topCamsCacheMs: TOP_CAMS_CACHE_MS });
  // Best-chat rates, precomputed every COUNTERS_JOB_INTERVAL_MS (first run at start).
  const chatRatesJob = createIntervalJob({
    name: 'chat rates',
    // A scheduled run skips rates another node computed within half an interval.
    run: (forced) => service.refreshChatRates(forced ? 0 : deps.config.countersJobIntervalMs / 2),
    intervalMs: deps.config.countersJobIntervalMs,
    log: deps.log,
  });
  return {
    rest: performersRoutes({ auth: deps.auth, service, countryHeader: deps.config.countryHeader }),
    regenerateCounters: async () => ({ chatRates: await chatRatesJob.runFresh() }),
    start: () => chatRatesJob.start(),
    stop: () => chatRatesJob.stop(),
    graphql: performersGraphql(service),
    pagesIn: service.pagesIn,
    chatRatings: createChatRatingWrites(deps.db),
  };
}
