/**
 * Video listings (spec 2 listing categories, spec 3 video filter, spec 9 default sorts, windows and
 * sizes). Pure rules: which categories exist, the sort each one opens with, which sorts it offers,
 * and what each video type of the filter means. The server turns these into SQL; the pages into
 * selects.
 */

/** Spec 2 video listing categories. */
export const VIDEO_LISTING_CATEGORIES = [
  'allVideos',
  'newVideos',
  'discountedVideos',
  'trendingVideos',
  'freeVideos',
  'topVideos',
  'vip30Videos',
  'boughtVideos',
] as const;
export type VideoListingCategory = (typeof VIDEO_LISTING_CATEGORIES)[number];

/** Spec 9 sort orders (top trending only where the category is the trending one). */
export const VIDEO_SORTS = [
  'newest',
  'topRated',
  'bestSelling',
  'trending',
  'mostExpensive',
  'cheapest',
  'longest',
  'shortest',
] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

/** Spec 9 default sorts: all videos top rated; new, discounted, free newest; trending top trending; top best selling; vip30 top rated; bought newest. */
export const DEFAULT_VIDEO_SORT: Readonly<Record<VideoListingCategory, VideoSort>> = {
  allVideos: 'topRated',
  newVideos: 'newest',
  discountedVideos: 'newest',
  trendingVideos: 'trending',
  freeVideos: 'newest',
  topVideos: 'bestSelling',
  vip30Videos: 'topRated',
  boughtVideos: 'newest',
};

/** Spec 3 video filter types. */
export const VIDEO_TYPES = [
  'free',
  'premium',
  'discount',
  'vip',
  'bought',
  'trending',
  'vxselect',
  'vip30',
  'classic',
  'shared',
  'original',
] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** Spec 3 actor types (the filter's actingGroups). */
export const ACTING_GROUPS = ['F', 'M', 'FM', 'FF', 'S'] as const;
export type ActingGroup = (typeof ACTING_GROUPS)[number];

/**
 * What a video type of the filter requires of a video. `premium` is "not free", `original` is "not
 * shared", `discount` is a price below the base price; `bought` and `trending` need the guest's
 * purchases and the sales of the trending window.
 */
export type VideoTypeRule =
  | { kind: 'flag'; flag: 'free' | 'vip' | 'vxselect' | 'vip30' | 'classic' | 'shared'; value: boolean }
  | { kind: 'discounted' }
  | { kind: 'bought' }
  | { kind: 'trending' };

export const VIDEO_TYPE_RULES: Readonly<Record<VideoType, VideoTypeRule>> = {
  free: { kind: 'flag', flag: 'free', value: true },
  premium: { kind: 'flag', flag: 'free', value: false },
  discount: { kind: 'discounted' },
  vip: { kind: 'flag', flag: 'vip', value: true },
  bought: { kind: 'bought' },
  trending: { kind: 'trending' },
  vxselect: { kind: 'flag', flag: 'vxselect', value: true },
  vip30: { kind: 'flag', flag: 'vip30', value: true },
  classic: { kind: 'flag', flag: 'classic', value: true },
  shared: { kind: 'flag', flag: 'shared', value: true },
  original: { kind: 'flag', flag: 'shared', value: false },
};

/**
 * The types a category always applies (its subset of the catalogue). topVideos is a time window
 * (see TOP_VIDEOS_MONTHS), allVideos and newVideos are the whole catalogue.
 */
export const CATEGORY_TYPES: Readonly<Record<VideoListingCategory, readonly VideoType[]>> = {
  allVideos: [],
  newVideos: [],
  discountedVideos: ['discount'],
  trendingVideos: ['trending'],
  freeVideos: ['free'],
  topVideos: [],
  vip30Videos: ['vip30'],
  boughtVideos: ['bought'],
};

/** Spec 9: trending window last 8 days; top videos last 9 months. */
export const TRENDING_WINDOW_DAYS = 8;
export const TOP_VIDEOS_MONTHS = 9;
/** Spec 2 page size of video grids; the most one request may ask for. */
export const VIDEO_PAGE_SIZE = 30;
export const VIDEO_LIMIT_MAX = 100;
/** Videos per block of the /videos/ overview (the server's blocks and the guest's bought block the page adds). */
export const OVERVIEW_BLOCK_SIZE = 10;
/** Spec 9: video stars 100; preview thumbnails 100 per video. */
export const VIDEO_STARS_COUNT = 100;
export const VIDEO_PREVIEW_THUMBNAILS_MAX = 100;
/** Spec 2 tile grid columns: three to five. */
export const TILE_GRID_COLUMNS_MIN = 3;
export const TILE_GRID_COLUMNS_MAX = 5;

/** Spec 8 'Unmapped category': a listing category that does not exist. */
export class UnmappedCategoryError extends Error {
  readonly code = 'UNMAPPED_CATEGORY';
  constructor(readonly category: string) {
    super('Unmapped category');
    this.name = 'UnmappedCategoryError';
  }
}

export function isVideoListingCategory(value: string): value is VideoListingCategory {
  return (VIDEO_LISTING_CATEGORIES as readonly string[]).includes(value);
}

/** The category of a name, or UnmappedCategoryError (spec 5/8: an unmapped video category is an error). */
export function videoListingCategory(name: string): VideoListingCategory {
  if (!isVideoListingCategory(name)) throw new UnmappedCategoryError(name);
  return name;
}

/** The sorts a category offers: its default first, then the others; top trending only in the trending list. */
export function sortsFor(category: VideoListingCategory): readonly VideoSort[] {
  const first = DEFAULT_VIDEO_SORT[category];
  return [first, ...VIDEO_SORTS.filter((s) => s !== first && s !== 'trending')];
}

export function isSortAllowed(category: VideoListingCategory, sort: string): sort is VideoSort {
  return (sortsFor(category) as readonly string[]).includes(sort);
}

/** The sort to use: the requested one when the category offers it, else the category's default. */
export function effectiveSort(
  category: VideoListingCategory,
  requested: string | null | undefined,
): VideoSort {
  return requested && isSortAllowed(category, requested) ? requested : DEFAULT_VIDEO_SORT[category];
}

/** True when the category (or a filter type) needs a logged-in guest. */
export function needsGuest(category: VideoListingCategory, types: readonly VideoType[] = []): boolean {
  return category === 'boughtVideos' || types.includes('bought');
}

/** All types a listing applies: the category's own and the filter's, without duplicates. */
export function typesOf(category: VideoListingCategory, filterTypes: readonly VideoType[] = []): VideoType[] {
  return [...new Set([...CATEGORY_TYPES[category], ...filterTypes])];
}

/**
 * Contradicting types (free and premium, shared and original) select nothing; the listing answers
 * empty without asking the database.
 */
export function typesContradict(types: readonly VideoType[]): boolean {
  const seen = new Map<string, boolean>();
  for (const type of types) {
    const rule = VIDEO_TYPE_RULES[type];
    if (rule.kind !== 'flag') continue;
    const previous = seen.get(rule.flag);
    if (previous !== undefined && previous !== rule.value) return true;
    seen.set(rule.flag, rule.value);
  }
  return false;
}

/** Start of the top-videos window: the same instant 9 calendar months earlier (UTC; clamped to month end). */
export function topVideosSince(now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - TOP_VIDEOS_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The UTC days of the trending window ending at `now`: the 8 days up to and including today. */
export function trendingDays(now: Date): { fromDay: string; toDay: string } {
  return {
    fromDay: isoDay(new Date(now.getTime() - (TRENDING_WINDOW_DAYS - 1) * DAY_MS)),
    toDay: isoDay(now),
  };
}

/** Offset paging: the page size clamped to 1..100 (default 30), the offset to >= 0. */
export function pageWindow(
  offset: number | undefined,
  limit: number | undefined,
): { offset: number; limit: number } {
  const size =
    limit === undefined ? VIDEO_PAGE_SIZE : Math.min(Math.max(1, Math.trunc(limit)), VIDEO_LIMIT_MAX);
  return { offset: Math.max(0, Math.trunc(offset ?? 0)), limit: size };
}
