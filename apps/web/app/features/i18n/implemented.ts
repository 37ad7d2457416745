/**
 * Which named routes of the localized route table (packages/i18n/src/routes.ts) have a page, and
 * the route module that renders them. `app/routes.ts` registers exactly these in every language;
 * every other route name answers 404 until its page is built. Links to a route go through
 * `linkIfBuilt` so the UI never links to a page that would 404.
 */
import type { Language } from '@vela/contracts/common';
import { pathFor, type RouteName, type RouteParams } from '@vela/i18n/routes';

export const IMPLEMENTED_ROUTES = {
  Home: 'routes/home.tsx',
  'Search/Videos': 'routes/search.tsx',
  'Categories/Category': 'routes/category.tsx',
  Actor: 'routes/actor.tsx',
  'Actor/AboutMe': 'routes/actor.tsx',
  'Actor/Videos': 'routes/actor-videos.tsx',
  'Actor/Videos/Classic': 'routes/actor-videos.tsx',
  'Actor/Videos/Tag': 'routes/actor-videos.tsx',
  'Actor/LiveShow': 'routes/actor-live-show.tsx',
  'Actor/TopCams': 'routes/actor-top-cams.tsx',
  'Actor/Pictures': 'routes/actor-album.tsx',
  TermsOfService: 'routes/terms-of-service.tsx',
  DataProtection: 'routes/data-protection.tsx',
  Lindemann: 'routes/lindemann.tsx',
  MyVela: 'routes/myvela.tsx',
  'MyVela/Profile': 'routes/myvela-profile.tsx',
  'MyVela/Mediathek': 'routes/mediathek-videos.tsx',
  'MyVela/Mediathek/Videos': 'routes/mediathek-videos.tsx',
  'MyVela/Mediathek/Photos': 'routes/mediathek-photos.tsx',
  'MyVela/Mediathek/Photos/Section': 'routes/mediathek-photos.tsx',
  'MyVela/Mediathek/Audio': 'routes/mediathek-audio.tsx',
  'MyVela/FavoriteCams': 'routes/myvela-favorite-cams.tsx',
  VipClub: 'routes/vipclub.tsx',
  Cams: 'routes/cams.tsx',
  'Cams/ProSearch': 'routes/pro-search.tsx',
  NewGirls: 'routes/performer-list.tsx',
  FreeChat: 'routes/performer-list.tsx',
  CamShows: 'routes/cam-shows.tsx',
  Videos: 'routes/videos.tsx',
  'Videos/AllVideos': 'routes/videos-listing.tsx',
  'Videos/NewVideos': 'routes/videos-listing.tsx',
  'Videos/VideoTrends': 'routes/videos-listing.tsx',
  'Videos/OnSale': 'routes/videos-listing.tsx',
  'Videos/FreeClips': 'routes/videos-listing.tsx',
  'Videos/VipVideos': 'routes/videos-listing.tsx',
  'Videos/Stars': 'routes/videos-stars.tsx',
  Messenger: 'routes/messenger.tsx',
} as const satisfies Partial<Record<RouteName, string>>;

export type ImplementedRouteName = keyof typeof IMPLEMENTED_ROUTES;

export function isImplemented(name: RouteName): name is ImplementedRouteName {
  return Object.hasOwn(IMPLEMENTED_ROUTES, name);
}

/** The path of a route if its page exists, else null (render the label without a link). */
export function linkIfBuilt(name: RouteName, lang: Language, params?: RouteParams): string | null {
  return isImplemented(name) ? pathFor(name, lang, params) : null;
}
