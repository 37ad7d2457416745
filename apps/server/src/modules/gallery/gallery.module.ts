/** Photos (issue 5 deliverable 4): albums, pictures, sedcards, ratings and album comments. */
import type { GalleryPageServices } from '@vela/contracts/gallery';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { galleryGraphql } from './gallery.graphql.ts';
import { createGalleryRepository } from './gallery.repository.ts';
import { galleryRoutes } from './gallery.routes.ts';
import { createGalleryService, type GalleryService } from './gallery.service.ts';

export interface GalleryModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: GalleryPageServices;
  service: GalleryService;
}

export function createGalleryModule(deps: FeatureModuleDeps): GalleryModule {
  // A comment's author name is the guests module's (decision 0030).
  const service = createGalleryService({
    repository: createGalleryRepository(deps.db, deps.guests.screenNamesOf),
  });
  return {
    service,
    rest: galleryRoutes({ auth: deps.auth, gallery: service, countryHeader: deps.config.countryHeader }),
    graphql: galleryGraphql(service),
    pages: { albumPage: service.albumPage },
  };
}
