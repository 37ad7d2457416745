/** Video listings (issue 5 deliverable 3): /videos/ pages, listing categories and sorts, the video filter, video stars, tile grids. */
import type { VideoPageServices } from '@vela/contracts/videos';
import { createResponseCache } from '../../http/response-cache.ts';
import type { Unsubscribe } from '../../infra/bus.ts';
import type { Country } from '../../infra/country.ts';
import { createIntervalJob } from '../../infra/interval-job.ts';
import { onCatalogChanged } from '../catalog/catalog.events.ts';
import { createCatalogReads } from '../catalog/catalog.service.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { Mailer } from '../mail/mailer.ts';
import { joinGraphql, videoRatingsGraphql } from './video-ratings.graphql.ts';
import { createVideoRatings } from './video-ratings.ts';
import { videoShareRoutes } from './video-share.routes.ts';
import { createVideoShare } from './video-share.ts';
import { videosGraphql } from './videos.graphql.ts';
import { createVideosRepository } from './videos.repository.ts';
import { videosRoutes } from './videos.routes.ts';
import { createVideosService } from './videos.service.ts';

export interface VideosModule extends FeatureModule {
  /** The page loaders' calls of this slice, for a caller from `country` (spec 6 banned countries). */
  pagesIn(country: Country): VideoPageServices;
}

/**
 * How long a node keeps a visitor's listing page (tile grid REST): long enough that a popular page
 * costs one query per node every few seconds, short enough that new sales and prices show within
 * seconds. An operator import or cache/clear clears it on every node (bus `catalog`).
 */
export const VIDEO_LISTING_CACHE_TTL_MS = 10_000;
/** After its 10 s a kept page is sent once more while its reload runs (never older than 20 s). */
export const VIDEO_LISTING_SERVE_STALE_MS = 10_000;
/** Distinct visitor listing pages kept per node (category × sort × filter × page). */
export const VIDEO_LISTING_CACHE_MAX = 2_000;
const VIDEO_LISTING_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export function createVideosModule(
  deps: FeatureModuleDeps & {
    /** The subscriptions module's answer whether a guest is a VIP (spec 3 guestInfo.flatrate). */
    isVip?: (guestId: number) => Promise<boolean>;
    /** The mail module's mailer: guest/sendVideoShareEmail (spec 7). */
    mailer: Mailer;
  },
): VideosModule {
  const catalog = createCatalogReads(deps.db);
  const ratings = createVideoRatings(deps.db);
  const videos = createVideosService(
    createVideosRepository(deps.db),
    (key, lang) => catalog.seoText(key, lang),
    undefined,
    { ...(deps.isVip ? { isVip: deps.isVip } : {}), likedAmong: ratings.likedAmong },
  );
  const visitorListings = createResponseCache({
    ttlMs: VIDEO_LISTING_CACHE_TTL_MS,
    max: VIDEO_LISTING_CACHE_MAX,
    maxBytes: VIDEO_LISTING_CACHE_MAX_BYTES,
    serveStaleMs: VIDEO_LISTING_SERVE_STALE_MS,
  });
  // The trending list, precomputed every COUNTERS_JOB_INTERVAL_MS (first run at start).
  const trendingJob = createIntervalJob({
    name: 'trending',
    // A scheduled run skips a list another node computed within half an interval.
    run: (forced) => videos.refreshTrending(forced ? 0 : deps.config.countersJobIntervalMs / 2),
    intervalMs: deps.config.countersJobIntervalMs,
    log: deps.log,
  });
  let unsubscribe: Unsubscribe | undefined;
  return {
    async rest(app) {
      await app.register(
        videosRoutes({
          auth: deps.auth,
          videos,
          visitorListings,
          countryHeader: deps.config.countryHeader,
        }),
      );
      // guest/sendVideoShareEmail (spec 7): a video to a friend's address, rate-limited.
      await app.register(
        videoShareRoutes({
          auth: deps.auth,
          share: createVideoShare({
            db: deps.db,
            mailer: deps.mailer,
            ageGate: deps.ageGate,
            guests: deps.guests,
            brandName: deps.config.brandName,
            publicOrigin: deps.config.publicOrigin,
          }),
          countryHeader: deps.config.countryHeader,
        }),
      );
    },
    regenerateCounters: async () => ({ trending: await trendingJob.runFresh() }),
    async start() {
      unsubscribe = await onCatalogChanged(deps.bus, () => {
        visitorListings.clear();
        videos.clearCache();
      });
      trendingJob.start();
    },
    async stop() {
      await trendingJob.stop();
      await unsubscribe?.();
    },
    // Like/dislike of videos (spec 7) beside the listings' fields.
    graphql: joinGraphql(videosGraphql(videos), videoRatingsGraphql(ratings)),
    pagesIn: (country) => ({
      videosOverview: (lang, guestId) => videos.overview(lang, guestId, country),
      videoListing: (lang, category, query, guestId) =>
        videos.listingPage(
          lang,
          category,
          {
            sort: query.sort ?? null,
            ...(query.filter ? { filter: query.filter } : {}),
            ...(query.offset !== undefined ? { offset: query.offset } : {}),
            ...(query.limit !== undefined ? { limit: query.limit } : {}),
          },
          guestId,
          country,
        ),
      videoStars: (lang) => videos.starsPage(lang, country),
    }),
  };
}
