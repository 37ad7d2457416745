import type { ActorPageServices } from './actors.ts';
import type { ImageRef, Language, Price } from './common.ts';
import type { GalleryPageServices } from './gallery.ts';
import type { GuestMe } from './guest-api.ts';
import type { PerformerPageServices } from './performers.ts';
import type { ProSearchPageServices } from './prosearch.ts';
import type { SearchPageServices } from './search.ts';
import type { VideoPageServices } from './videos.ts';

/** Actor gender and actor types of spec 3. */
export type ActorGender = 'N' | 'M' | 'F';
export type ActorType = 'F' | 'M' | 'FM' | 'FF' | 'S';

export interface ActorTile {
  id: number;
  name: string;
  /** Lower-cased name used in URLs (spec 5: actor name lower-cased in URLs). */
  slug: string;
  age: number;
  gender: ActorGender;
  actorType: ActorType;
  isOnline: boolean;
  spokenLanguages: Language[];
  avatar: ImageRef;
  /** Single chat price per minute. */
  chatPrice: Price;
}

export interface VideoTile {
  id: number;
  title: string;
  /** Seconds. */
  duration: number;
  ageRating: 16 | 18;
  vip: boolean;
  /** Spec 3 isVip30Offer: one of the VIP30 offers, included for VIP members like a VIP video. */
  isVip30Offer: boolean;
  free: boolean;
  isNew: boolean;
  classic: boolean;
  price: Price;
  basePrice: Price;
  releasedAt: string;
  likes: number;
  preview: ImageRef;
  actor: { id: number; name: string; slug: string };
}

export interface CategoryTile {
  id: number;
  /** Slug in the requested language (nl uses en). */
  slug: string;
  name: string;
  image: ImageRef;
  actorCount: number;
}

export type ContestState = 'active' | 'next' | 'last';
export interface ContestTile {
  id: number;
  title: string;
  state: ContestState;
  startsAt: string;
  endsAt: string;
  image: ImageRef;
}

export interface BlogPostTile {
  id: number;
  /** Blog category id of spec 3 (general 1, event 38, live 39, ... featured 506). */
  categoryId: number;
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: string;
  image: ImageRef;
}

export interface TvSeriesTile {
  id: number;
  key: string;
  title: string;
  description: string;
  episodeCount: number;
  image: ImageRef;
}

/** SEO text of spec 3. */
export interface SeoText {
  h1: string;
  h2: string;
  seoTitle: string;
  seoDescription: string;
  freeText: string;
  breadcrumb: string;
  slug: string;
}

export interface HomeData {
  topCams: ActorTile[];
  newGirls: ActorTile[];
  videoTrends: VideoTile[];
  newVideos: VideoTile[];
  categories: CategoryTile[];
  contests: ContestTile[];
  blog: BlogPostTile[];
  tv: TvSeriesTile[];
  onlineCount: number;
  seo: SeoText;
}

export interface CategoryPageData {
  category: {
    id: number;
    name: string;
    description: string;
    /** Slugs per language, for the language switcher and hreflang alternates (nl = en). */
    slugs: Record<Language, string>;
  };
  actors: ActorTile[];
  total: number;
  page: number;
  pageSize: number;
  seo: SeoText;
}

/** Actor prices of spec 3; all per minute except video/message. */
export interface ActorPrices {
  video: Price;
  singlec2c: Price;
  single: Price;
  voyeur: Price;
  message: Price;
  voucherChatMinutes: number;
  freeMessages: number;
}

export interface ActorProfileData {
  actor: ActorTile & {
    freeChat: boolean;
    isVoyeurChatAvailable: boolean;
    isLivePreviewEnabled: boolean;
    multiChatPrice: Price;
    prices: ActorPrices;
    aboutMe: string;
    height: number | null;
    zodiac: string | null;
    city: string | null;
    categories: { id: number; slug: string; name: string }[];
    tags: string[];
    videoCount: number;
    albumCount: number;
    registeredAt: string;
  };
  /** Guests from these ISO countries are blocked from this actor (spec 6). */
  bannedCountryCodes: string[];
  seo: SeoText;
}

/** Legal text of spec 3. */
export type LegalTextType = 'PP' | 'GTC' | 'IMP';
export interface LegalText {
  id: number;
  type: LegalTextType;
  product: string;
  version: string;
  language: Language;
  html: string;
}

/**
 * What the web app's loaders may ask of the server (React Router load context).
 * Implemented by apps/server; the web app never talks to the database itself.
 */
export interface PageServices
  extends PerformerPageServices,
    ActorPageServices,
    VideoPageServices,
    GalleryPageServices,
    SearchPageServices,
    ProSearchPageServices {
  home(lang: Language): Promise<HomeData>;
  /** null when no category has that slug in that language. */
  categoryPage(lang: Language, slug: string, page: number): Promise<CategoryPageData | null>;
  /** null for an unknown actor name (compared lower-cased). */
  actorProfile(lang: Language, actorName: string): Promise<ActorProfileData | null>;
  legalText(lang: Language, type: LegalTextType): Promise<LegalText | null>;
  /** Data every page's shell needs: categories for the navigation menu and the online count. */
  navigation(lang: Language): Promise<NavigationData>;
}

export interface NavigationData {
  categories: { id: number; slug: string; name: string }[];
  onlineCount: number;
}

/** Public configuration the pages need. */
export interface PublicConfig {
  brandName: string;
  payOrigin: string;
  publicOrigin: string;
  /** Spec 5: login/signup turned off. */
  loginEnabled: boolean;
  /** Spec 6: the Spanish age-check modal is enabled. */
  esAvsModalEnabled: boolean;
  /** Spec 4: logged-in guests without age verification get the AVS dialog. */
  forceAvs: boolean;
  /** Spec 6: the adult-market variant (its login modal for first-time visitors). */
  adultMarketVariant: boolean;
  /** Pro search map tiles ({z}/{x}/{y}); null: draw the bundled outlines. */
  mapTileUrl: string | null;
  mapTileAttribution: string;
}

export interface WebLoadContext {
  services: PageServices;
  config: PublicConfig;
  /**
   * The logged-in guest of this request (from the session cookie), null for a visitor and in every
   * render shared by all guests (decision 0033: home, profiles, the videos overview).
   */
  viewer: GuestMe | null;
  /**
   * A shared render for a request with a session cookie: who the viewer is stays unknown to the
   * server HTML, which shows the account area as a placeholder until the page has read `guest/me`.
   */
  viewerPending?: boolean;
  /** The request id, for error pages. */
  requestId: string;
  /** Per-request CSP nonce for inline scripts (hydration data). */
  cspNonce: string;
  /** The caller's ISO 3166-1 alpha-2 country from the edge header (upper-case), null when unknown (spec 6 banned countries). */
  country?: string | null;
}
