/**
 * Which /videos/ page shows which listing category (spec 2), and the listing's URL query: `sort`,
 * the spec 3 filter (`tag`, `from`, `until`, `type`, repeatable) and `page` (no-JS and crawler
 * paging; with JavaScript further pages are appended by infinite scroll).
 */
import { parseVideoFilter, type VideoFilter } from '@vela/contracts/video-filter';
import {
  VIDEO_PAGE_SIZE,
  VIDEO_TYPES,
  type VideoListingCategory,
  type VideoType,
} from '@vela/domain/video-listings';
import type { RouteName } from '@vela/i18n/routes';

export const LISTING_ROUTES = [
  'Videos/AllVideos',
  'Videos/NewVideos',
  'Videos/VideoTrends',
  'Videos/OnSale',
  'Videos/FreeClips',
  'Videos/VipVideos',
] as const satisfies readonly RouteName[];
export type ListingRouteName = (typeof LISTING_ROUTES)[number];

export const CATEGORY_OF_ROUTE: Readonly<Record<ListingRouteName, VideoListingCategory>> = {
  'Videos/AllVideos': 'allVideos',
  'Videos/NewVideos': 'newVideos',
  'Videos/VideoTrends': 'trendingVideos',
  'Videos/OnSale': 'discountedVideos',
  'Videos/FreeClips': 'freeVideos',
  'Videos/VipVideos': 'vip30Videos',
};

/** The page of a category; topVideos and boughtVideos have none (their overview blocks are not linked). */
export function routeOfCategory(category: VideoListingCategory): ListingRouteName | null {
  const entry = Object.entries(CATEGORY_OF_ROUTE).find(([, c]) => c === category);
  return entry ? (entry[0] as ListingRouteName) : null;
}

export function isListingRoute(name: string | undefined): name is ListingRouteName {
  return (LISTING_ROUTES as readonly string[]).includes(name ?? '');
}

/** Types the filter form offers (bought and trending are categories of their own). */
export const FILTER_TYPES: readonly VideoType[] = VIDEO_TYPES.filter((t) => t !== 'bought');

export interface ListingQuery {
  sort: string | null;
  filter: VideoFilter;
  /** 1-based page of the no-JS paging. */
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the listing query; values that do not fit the filter are dropped (the page shows the rest). */
export function parseListingQuery(params: URLSearchParams): ListingQuery | null {
  const pageRaw = params.get('page');
  if (pageRaw !== null && !/^[1-9]\d{0,4}$/.test(pageRaw)) return null;
  const filter: VideoFilter = {};
  const tags = params
    .getAll('tag')
    .map((t) => t.trim())
    .filter((t) => t.length > 0 && t.length <= 60)
    .slice(0, 20);
  if (tags.length > 0) filter.tags = tags;
  const from = params.get('from');
  if (from && DAY.test(from) && !Number.isNaN(Date.parse(from))) filter.releasedFrom = from;
  const until = params.get('until');
  if (until && DAY.test(until) && !Number.isNaN(Date.parse(until))) filter.releasedUntil = until;
  const types = [...new Set(params.getAll('type'))].filter((t): t is VideoType =>
    (FILTER_TYPES as readonly string[]).includes(t),
  );
  if (types.length > 0) filter.types = types;
  // The schema's check without zod: this module is in the first load of every listing (decision 0035).
  const parsed = parseVideoFilter(filter);
  return {
    sort: params.get('sort') || null,
    filter: parsed ?? {},
    page: pageRaw === null ? 1 : Number(pageRaw),
  };
}

/** The query string of a listing (without page unless > 1), `?`-prefixed or empty. */
export function listingSearch(sort: string | null, filter: VideoFilter, page = 1): string {
  const params = new URLSearchParams();
  if (sort) params.set('sort', sort);
  for (const tag of filter.tags ?? []) params.append('tag', tag);
  if (filter.releasedFrom) params.set('from', filter.releasedFrom);
  if (filter.releasedUntil) params.set('until', filter.releasedUntil);
  for (const type of filter.types ?? []) params.append('type', type);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const offsetOfPage = (page: number) => (page - 1) * VIDEO_PAGE_SIZE;

/**
 * The params of one grid page (spec 7 `tileGrid/get/{type}/{payload}`, `videosEndpoints.tileGrid`):
 * the payload is JSON, URL-encoded by `endpointPath`.
 */
export function gridParams(payload: {
  category: VideoListingCategory;
  sort: string;
  filter: VideoFilter;
  offset: number;
  limit?: number;
}): { type: 'videos'; payload: string } {
  const body = { ...payload, limit: payload.limit ?? VIDEO_PAGE_SIZE };
  return { type: 'videos', payload: JSON.stringify(body) };
}
