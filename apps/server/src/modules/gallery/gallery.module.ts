/** Photos (issue 5 deliverable 4): albums, pictures, sedcards, ratings and album comments. */
import type { GalleryPageServices } from '@vela/contracts/gallery';
import { createMediaSigner, mediaKeyOf } from '../../infra/signed-media.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { galleryGraphql } from './gallery.graphql.ts';
import { createGalleryRepository, pictureFileOf } from './gallery.repository.ts';
import { galleryRoutes } from './gallery.routes.ts';
import { createGalleryService, type GalleryService } from './gallery.service.ts';
import { pictureMediaRoutes, pictureUrlSigner } from './picture-media.ts';

export interface GalleryModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: GalleryPageServices;
  service: GalleryService;
}

export function createGalleryModule(
  deps: FeatureModuleDeps & {
    /** The session secret: album picture URLs are signed with a key derived from it (signed-media.ts). */
    sessionSecret: string;
  },
): GalleryModule {
  // Read at call time, so a test that moves the clock (vi.setSystemTime) moves the tokens' too.
  const signer = createMediaSigner(mediaKeyOf(deps.sessionSecret), () => Date.now());
  // A comment's author name is the guests module's (decision 0030).
  const service = createGalleryService({
    repository: createGalleryRepository(deps.db, deps.guests.screenNamesOf),
    pictureUrls: pictureUrlSigner(signer),
  });
  return {
    service,
    rest: galleryRoutes({ auth: deps.auth, gallery: service, countryHeader: deps.config.countryHeader }),
    // Album pictures through URLs signed per guest (issue 17 deliverable 3).
    routes: pictureMediaRoutes({
      auth: deps.auth,
      signer,
      ageGate: deps.ageGate,
      pictureFile: (pictureId) => pictureFileOf(deps.db, pictureId),
      mediaDir: deps.config.mediaDir,
      countryHeader: deps.config.countryHeader,
    }),
    graphql: galleryGraphql(service),
    pages: { albumPage: service.albumPage },
  };
}
