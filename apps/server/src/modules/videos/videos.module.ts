/** Video listings (issue 5 deliverable 3): /videos/ pages, listing categories and sorts, the video filter, video stars, tile grids. */
import type { VideoPageServices } from '@vela/contracts/videos';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';

export interface VideosModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: VideoPageServices;
}

export function createVideosModule(_deps: FeatureModuleDeps): VideosModule {
  return { pages: {} };
}
