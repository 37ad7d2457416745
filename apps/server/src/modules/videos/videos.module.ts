/** Video listings (issue 5 deliverable 3): /videos/ pages, listing categories and sorts, the video filter, video stars, tile grids. */
import type { VideoPageServices } from '@vela/contracts/videos';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { videosGraphql } from './videos.graphql.ts';
import { createVideosRepository } from './videos.repository.ts';
import { videosRoutes } from './videos.routes.ts';
import { createVideosService } from './videos.service.ts';

export interface VideosModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: VideoPageServices;
}

export function createVideosModule(deps: FeatureModuleDeps): VideosModule {
  const catalog = createCatalogRepository(deps.db);
  const videos = createVideosService(createVideosRepository(deps.db), (key, lang) =>
    catalog.seoText(key, lang),
  );
  return {
    rest: videosRoutes({ auth: deps.auth, videos }),
    graphql: videosGraphql(videos),
    pages: {
      videosOverview: (lang, guestId) => videos.overview(lang, guestId),
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
        ),
      videoStars: (lang) => videos.starsPage(lang),
    },
  };
}
