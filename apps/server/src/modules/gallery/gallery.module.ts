/** Photos (issue 5 deliverable 4): albums, pictures, sedcards, ratings and album comments. */
import type { GalleryPageServices } from '@vela/contracts/gallery';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';

export interface GalleryModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: GalleryPageServices;
}

export function createGalleryModule(_deps: FeatureModuleDeps): GalleryModule {
  return { pages: {} };
}
