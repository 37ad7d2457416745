/**
 * Global search (spec 2/3/5/7): `GET /rest/v1/searchResult/search/{language}/{searchPattern}`, the
 * search overlay and the page `/:lang/search/videos/:searchPattern/`.
 */
import type { ImageRef, Language, Price } from './common.ts';
import type { ActorTile, BlogPostTile, TvSeriesTile, VideoTile } from './pages.ts';

/** Spec 5: a search pattern shorter than 3 characters (after trimming) is refused. */
export const SEARCH_PATTERN_MIN_LENGTH = 3;
/** The longest pattern searched (longer: 400 VALIDATION_ERROR). */
export const SEARCH_PATTERN_MAX_LENGTH = 100;

/** The result groups of spec 3 "Global search result", in the order the pages show them. */
export const SEARCH_GROUP_TYPES = [
  'actors',
  'models',
  'videos',
  'asmr',
  'photos',
  'galleries',
  'tv',
  'mediathek',
  'blog',
] as const;
export type SearchGroupType = (typeof SEARCH_GROUP_TYPES)[number];

/** Spec 2 page sizes per group (items per request; `?group=&offset=` pages one group). */
export const SEARCH_PAGE_SIZES: Readonly<Record<SearchGroupType, number>> = {
  actors: 30,
  models: 30,
  videos: 30,
  asmr: 3,
  photos: 14,
  galleries: 14,
  tv: 30,
  mediathek: 30,
  blog: 15,
};

/**
 * Counts stop at this cap (spec 9: large numbers with a plus sign beyond a cap): a group with more
 * matches answers `count: 100, countCapped: true` and is shown as "100+". Counting stops after the
 * cap + 1st match: an exact count of a common pattern over a million videos would cost many times
 * the search itself (measured on the bench seed: capped at 1000 an album count took 30-45 ms, the
 * whole uncached search 200-400 ms).
 */
export const SEARCH_COUNT_CAP = 100;
/** The largest `offset` accepted for paging one group. */
export const SEARCH_MAX_OFFSET = 990;

/** Spec 3 actor item: name, avatar, aspect, link, online, mobileVideoCall (plus the tile fields). */
export interface SearchActorItem extends ActorTile {
  aspect: number;
  link: string;
  online: boolean;
  mobileVideoCall: boolean;
}
/** A model (an actor with at least one video): links to their videos. */
export interface SearchModelItem extends SearchActorItem {
  videoCount: number;
}
export interface SearchVideoItem extends VideoTile {
  asmr: boolean;
  /** The actor's videos page (there is no single-video page). */
  link: string;
}
export interface SearchAlbumItem {
  id: number;
  title: string;
  type: 'image' | 'video';
  cover: ImageRef;
  price: Price;
  likes: number;
  createdAt: string;
  actor: { id: number; name: string; slug: string };
  link: string;
}
export interface SearchTvItem extends TvSeriesTile {
  link: string;
}
export interface SearchMediathekItem {
  id: number;
  title: string;
  duration: number;
  airedAt: string;
  image: ImageRef;
  series: { id: number; key: string; title: string };
  link: string;
}
export interface SearchBlogItem extends BlogPostTile {
  /** Null: the blog has no post page yet. */
  link: string | null;
}

export interface SearchItemOf {
  actors: SearchActorItem;
  models: SearchModelItem;
  videos: SearchVideoItem;
  asmr: SearchVideoItem;
  photos: SearchAlbumItem;
  galleries: SearchAlbumItem;
  tv: SearchTvItem;
  mediathek: SearchMediathekItem;
  blog: SearchBlogItem;
}

export interface SearchGroup<T extends SearchGroupType> {
  type: T;
  /** Matches, at most SEARCH_COUNT_CAP. */
  count: number;
  /** True when there are more than SEARCH_COUNT_CAP matches ("1000+"). */
  countCapped: boolean;
  /** The search page showing this group. */
  link: string;
  /** Where `items` start among the matches. */
  offset: number;
  pageSize: number;
  items: SearchItemOf[T][];
}

export type SearchGroups = { [T in SearchGroupType]: SearchGroup<T> };

export interface SearchResult extends SearchGroups {
  searchPattern: string;
  /** Suggestions for the pattern (popular searches, actor names, tags starting with it; max 8). */
  proposals: string[];
}

/** `GET /rest/v1/searchResult/search/{language}/{searchPattern}`: every group's first page. */
export interface SearchResultResponse {
  success: true;
  data: SearchResult;
}

/** The same path with `?group=<type>&offset=<n>`: one page of one group. */
export interface SearchGroupPageResponse {
  success: true;
  data: { searchPattern: string; group: SearchGroup<SearchGroupType> };
}

/** Spec 7 tag service: `POST /rest/v1/tags/search` and `POST /rest/v1/tags/mostPopular`. */
export interface SearchTag {
  id: number;
  label: string;
  /** Videos carrying the tag (mostPopular only; null from tags/search). */
  videoCount: number | null;
}
export const TAGS_SEARCH_LIMIT = 50;
export const MOST_POPULAR_TAGS_MAX = 50;

/** What the web app's loaders may ask of the global search (part of PageServices in pages.ts). */
export interface SearchPageServices {
  /**
   * The search page: every group's first page; with `group` that group from `offset` (spec 2 page
   * sizes). The pattern must have at least 3 characters (callers check with isSearchable).
   */
  globalSearch(
    lang: Language,
    pattern: string,
    group?: SearchGroupType,
    offset?: number,
  ): Promise<SearchResult>;
}
