/**
 * Video listing use cases: listings per category, video stars, preview thumbnails, tile grid
 * settings. Every listing is for a caller's country and never offers a video of a performer
 * blocked there (spec 6); kept pages are kept per country (the country is part of the spec key).
 */
import type { Language } from '@vela/contracts/common';
import type {
  TileGridSettings,
  TileGridType,
  VideoFilter,
  VideoList,
  VideoListingPageData,
  VideoPictures,
  VideoStar,
  VideosOverviewData,
} from '@vela/contracts/videos';
import { TileGridSettingsSchema } from '@vela/contracts/videos';
import { includedInVip } from '@vela/domain/video-access';
import {
  isSortAllowed,
  needsGuest,
  OVERVIEW_BLOCK_SIZE,
  pageWindow,
  sortsFor,
  topVideosSince,
  trendingDays,
  typesContradict,
  typesOf,
  UnmappedCategoryError,
  VIDEO_LISTING_CATEGORIES,
  VIDEO_PREVIEW_THUMBNAILS_MAX,
  VIDEO_STARS_COUNT,
  type VideoListingCategory,
  type VideoSort,
  videoListingCategory,
} from '@vela/domain/video-listings';
import { AppError } from '../../http/errors.ts';
import { stableJson } from '../../http/response-cache.ts';
import { cachedLoader } from '../../infra/cache.ts';
import { assertOfferedIn, type Country } from '../../infra/country.ts';
import { imageRef, presentSeo } from '../catalog/catalog.presenter.ts';
import type { SeoRow } from '../catalog/catalog.service.ts';
import { presentVideoListItem, presentVideoStar } from './videos.presenter.ts';
import type { ListingRow, ListingSpec, TrendingWindow, VideosRepository } from './videos.repository.ts';

/** How a listing is asked for (REST payload, GraphQL arguments, page loaders). */
export interface ListingRequest {
  category: string;
  /** null/undefined: the guest's stored sort if the category offers it, else the default. */
  sort?: string | null;
  filter?: VideoFilter;
  offset?: number;
  limit?: number;
}

/** Video stars are the same for everyone: computed at most once a minute (one aggregate over all videos). */
export const VIDEO_STARS_TTL_MS = 60_000;
const FILTER_TAG_COUNT = 60;
const DAY_MS = 86_400_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A listing page without the caller is kept this long per node (shared by visitors and guests). */
export const SHARED_LISTING_TTL_MS = 10_000;
const SHARED_LISTING_MAX = 2_000;
const SPEC_INSTANTS = new Set(['releasedSince', 'releasedFrom', 'releasedBefore']);
/** JSON.parse reviver: the spec's instants back to Dates (only those keys: a tag stays a string). */
const reviveDates = (key: string, value: unknown) =>
  SPEC_INSTANTS.has(key) && typeof value === 'string' ? new Date(value) : value;
const MINUTE_MS = 60_000;

/** How long a node trusts that the trending window is computed before it asks the database again. */
const TRENDING_COMPUTED_RECHECK_MS = 60_000;

/** One run of the trending job. */
export interface TrendingRefresh extends TrendingWindow {
  /** Videos in the list; null when skipped: another node was computing it, or it was fresh enough. */
  videos: number | null;
  skipped: boolean;
}

/** The SEO text of a page key (route name) in a language, en as fallback; null when none is stored. */
export type SeoLookup = (pageKey: string, lang: Language) => Promise<SeoRow | null>;

export function createVideosService(
  repo: VideosRepository,
  seoText: SeoLookup,
  now: () => Date = () => new Date(),
  /**
   * sharedListingTtlMs: how long a page without the caller is kept; 0 keeps none (every page a query).
   * isVip: the subscriptions module's answer whether a guest is a VIP (spec 3 guestInfo.flatrate).
   * likedAmong: the guest's likes among a page's videos (spec 3 guestInfo.liked).
   */
  options: {
    sharedListingTtlMs?: number;
    isVip?: (guestId: number) => Promise<boolean>;
    /** Which of the videos the guest liked (spec 3 guestInfo.liked; video-ratings.ts). */
    likedAmong?: (guestId: number, videoIds: readonly number[]) => Promise<Set<number>>;
  } = {},
) {
  const sharedListingTtlMs = options.sharedListingTtlMs ?? SHARED_LISTING_TTL_MS;
  /** Video stars per country ('' unknown), recomputed at most once a minute. */
  const starsCache = new Map<
    string,
    { at: number; rows: Awaited<ReturnType<VideosRepository['videoStars']>> }
  >();
  /** The trending window last found computed and until when that answer is trusted (ms). */
  let trendingComputed: { window: string; until: number } | null = null;

  /** Precomputed when the trending job has filled the current window, else summed live. */
  async function trendingSource(window: TrendingWindow): Promise<'precomputed' | 'live'> {
    const key = `${window.fromDay}/${window.toDay}`;
    const at = Date.now();
    if (trendingComputed?.window === key && at < trendingComputed.until) return 'precomputed';
    if (!(await repo.trendingComputed(window))) return 'live';
    trendingComputed = { window: key, until: at + TRENDING_COMPUTED_RECHECK_MS };
    return 'precomputed';
  }

  /**
   * A listing page without the caller: the same for everyone, so kept a few seconds per node
   * (SHARED_LISTING_TTL_MS) and shared by visitors and guests; a guest's bought flags are looked up
   * for the page's videos on every request (one indexed query), so a purchase shows at once.
   */
  const sharedRows = (() => {
    const load = cachedLoader<string, { rows: ListingRow[] }>(
      async (key) => ({ rows: await repo.listing(JSON.parse(key, reviveDates) as ListingSpec) }),
      { ttlMs: Math.max(1, sharedListingTtlMs), max: SHARED_LISTING_MAX },
    );
    const get = async (spec: ListingSpec) =>
      sharedListingTtlMs > 0 ? (await load(stableJson(spec))).rows : repo.listing(spec);
    return Object.assign(get, { clear: () => load.clear() });
  })();

  /**
   * The rows with the guest's flags (spec 3 guestInfo): bought, flatrate for the VIP and VIP30
   * videos when the guest is a VIP (asked only when the page has one), and liked. `personal`: a
   * flag is set.
   */
  async function withGuestFlags(
    rows: ListingRow[],
    guestId: number | null,
  ): Promise<{ rows: ListingRow[]; personal: boolean }> {
    if (guestId === null || rows.length === 0) return { rows, personal: false };
    const ids = rows.map((r) => r.id);
    const [bought, vip, liked] = await Promise.all([
      repo.boughtAmong(guestId, ids),
      isVipFor(rows, guestId),
      likedAmong(guestId, ids),
    ]);
    return flagged(rows, bought, vip, liked);
  }

  /** Asks whether the guest is a VIP only when a row is a VIP or VIP30 video. */
  async function isVipFor(rows: readonly ListingRow[], guestId: number): Promise<boolean> {
    return rows.some((r) => r.vip || r.vip30) && options.isVip ? options.isVip(guestId) : false;
  }

  async function likedAmong(guestId: number, ids: readonly number[]): Promise<ReadonlySet<number>> {
    return options.likedAmong ? options.likedAmong(guestId, ids) : new Set();
  }

  /** Sets bought (ids in `bought`), flatrate (`isVip` and a VIP/VIP30 video) and liked on the rows. */
  function flagged(
    rows: ListingRow[],
    bought: ReadonlySet<number>,
    isVip: boolean,
    liked: ReadonlySet<number>,
  ) {
    let personal = false;
    const out = rows.map((r) => {
      const owned = r.bought || bought.has(r.id);
      const flatrate = includedInVip(r, { isVip });
      const likes = liked.has(r.id);
      if (!owned && !flatrate && !likes) return r;
      personal = true;
      return { ...r, bought: owned, flatrate, liked: likes };
    });
    return { rows: out, personal };
  }

  async function storedSettings(guestId: number, type: TileGridType): Promise<TileGridSettings | null> {
    const raw = await repo.tileGridSettings(guestId, type);
    if (!raw) return null;
    const parsed = TileGridSettingsSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  }

  function categoryOf(name: string): VideoListingCategory {
    try {
      return videoListingCategory(name);
    } catch (error) {
      if (error instanceof UnmappedCategoryError)
        throw new AppError(error.code, `Unmapped category: ${name.slice(0, 40)}`, 400);
      throw error;
    }
  }

  async function list(request: ListingRequest, guestId: number | null, country: Country): Promise<VideoList> {
    return (await listFor(request, guestId, country)).list;
  }

  /**
   * A listing for its caller. `personal` is false when the page is exactly what a visitor gets for
   * the same request with the resolved sort (no bought video on it, not a bought list), so the caller
   * may be sent the visitors' kept answer.
   */
  async function listFor(
    request: ListingRequest,
    guestId: number | null,
    country: Country,
  ): Promise<{ list: VideoList; personal: boolean }> {
    const category = categoryOf(request.category);
    let sort: VideoSort;
    if (request.sort) {
      if (!isSortAllowed(category, request.sort))
        throw new AppError('INVALID_SORT', `sort ${request.sort} is not offered for ${category}`, 400);
      sort = request.sort;
    } else {
      const stored = guestId === null ? null : (await storedSettings(guestId, 'videos'))?.sort;
      sort = stored && isSortAllowed(category, stored) ? stored : sortsFor(category)[0]!;
    }
    const filter = request.filter ?? {};
    const types = typesOf(category, filter.types ?? []);
    if (needsGuest(category, types) && guestId === null)
      throw new AppError('NOT_LOGGED_IN', 'Log in to see your bought videos', 401);

    const releasedFrom = filter.releasedFrom ? new Date(filter.releasedFrom) : undefined;
    // A day as upper bound includes that whole day.
    const releasedBefore = filter.releasedUntil
      ? new Date(
          new Date(filter.releasedUntil).getTime() + (DAY_ONLY.test(filter.releasedUntil) ? DAY_MS : 1),
        )
      : undefined;
    if (releasedFrom && releasedBefore && releasedFrom >= releasedBefore)
      throw new AppError('INVALID_FILTER', 'releasedFrom must not be after releasedUntil', 400);

    const { offset, limit } = pageWindow(request.offset, request.limit);
    const base = { category, sort, sorts: [...sortsFor(category)], offset, limit };
    if (typesContradict(types)) return { list: { ...base, items: [], hasMore: false }, personal: false };

    const at = now();
    const trending = trendingDays(at);
    const spec: ListingSpec = {
      sort,
      types,
      trending,
      ...(sort === 'trending' ? { trendingSource: await trendingSource(trending) } : {}),
      guestId,
      country,
      offset,
      fetch: limit + 1,
      // To the minute: the window's start is part of the kept page's key.
      ...(category === 'topVideos'
        ? { releasedSince: new Date(Math.floor(topVideosSince(at).getTime() / MINUTE_MS) * MINUTE_MS) }
        : {}),
      ...(releasedFrom ? { releasedFrom } : {}),
      ...(releasedBefore ? { releasedBefore } : {}),
      ...(filter.modelIds?.length ? { modelIds: filter.modelIds } : {}),
      ...(filter.actingGroups?.length ? { actingGroups: filter.actingGroups } : {}),
      ...(filter.ids?.length ? { ids: filter.ids } : {}),
      ...(filter.tags?.length ? { tags: filter.tags } : {}),
    };
    const { rows, personal } = needsGuest(category, types)
      ? { rows: await boughtListing(spec, guestId), personal: true }
      : await withGuestFlags(await sharedRows({ ...spec, guestId: null }), guestId);
    return {
      list: {
        ...base,
        items: rows.slice(0, limit).map((r) => presentVideoListItem(r)),
        hasMore: rows.length > limit,
      },
      personal,
    };
  }

  /** A listing only a guest has (the bought videos): bought flags from the query, flatrate per VIP, liked. */
  async function boughtListing(spec: ListingSpec, guestId: number | null): Promise<ListingRow[]> {
    const rows = await repo.listing(spec);
    if (guestId === null || rows.length === 0) return rows;
    const [vip, liked] = await Promise.all([
      isVipFor(rows, guestId),
      likedAmong(
        guestId,
        rows.map((r) => r.id),
      ),
    ]);
    return flagged(rows, new Set(), vip, liked).rows;
  }

  async function stars(country: Country, limit: number = VIDEO_STARS_COUNT): Promise<VideoStar[]> {
    const at = now();
    const key = country ?? '';
    let kept = starsCache.get(key);
    if (!kept || at.getTime() - kept.at >= VIDEO_STARS_TTL_MS || at.getTime() < kept.at) {
      kept = { at: at.getTime(), rows: await repo.videoStars(VIDEO_STARS_COUNT, country) };
      starsCache.set(key, kept);
    }
    const size = Math.min(Math.max(1, Math.trunc(limit)), VIDEO_STARS_COUNT);
    return kept.rows.slice(0, size).map((r) => presentVideoStar(r, at));
  }

  return {
    list,
    listFor,
    stars,

    /** Forgets the kept listing pages (the catalog changed). */
    clearCache(): void {
      sharedRows.clear();
      starsCache.clear();
    },

    /**
     * The trending job's run: the current window's list recomputed. `freshForMs` > 0 (a scheduled
     * run): skipped when any node computed this window within that time.
     */
    async refreshTrending(freshForMs = 0): Promise<TrendingRefresh> {
      const at = now();
      const window = trendingDays(at);
      const fresh =
        freshForMs > 0 ? { since: new Date(at.getTime() - freshForMs), sameWindow: true } : undefined;
      const videos = await repo.refreshTrending(window, at, fresh);
      if (videos !== null)
        trendingComputed = {
          window: `${window.fromDay}/${window.toDay}`,
          until: Date.now() + TRENDING_COMPUTED_RECHECK_MS,
        };
      return { ...window, videos, skipped: videos === null };
    },

    async pictures(videoId: number, country: Country): Promise<VideoPictures> {
      const preview = await repo.previewOf(videoId);
      if (preview === null) throw new AppError('VIDEO_NOT_FOUND', 'No video with this id', 404);
      assertOfferedIn(preview.bannedCountryCodes, country);
      const { previewKey } = preview;
      const rows = await repo.picturesLike(previewKey, VIDEO_PREVIEW_THUMBNAILS_MAX);
      const pictures = rows.length > 0 ? rows : [{ key: previewKey, ageRating: 18 }];
      return {
        albumId: videoId,
        pictures: pictures.slice(0, VIDEO_PREVIEW_THUMBNAILS_MAX).map((p) => imageRef(p.key, p.ageRating)),
      };
    },

    storedSettings,

    async storeSettings(guestId: number, type: TileGridType, settings: TileGridSettings) {
      await repo.storeTileGridSettings(guestId, type, settings);
      return { type, settings };
    },

    async overview(lang: Language, guestId: number | null, country: Country): Promise<VideosOverviewData> {
      const categories = VIDEO_LISTING_CATEGORIES.filter((c) => c !== 'boughtVideos' || guestId !== null);
      const blocks = await Promise.all(
        categories.map(async (category) => {
          // The overview shows each category in its default order (a stored sort is for the listing pages).
          const page = await list(
            { category, sort: sortsFor(category)[0]!, limit: OVERVIEW_BLOCK_SIZE },
            guestId,
            country,
          );
          return { category, items: page.items };
        }),
      );
      return { blocks, seo: presentSeo(await seoText('Videos', lang), '') };
    },

    async listingPage(
      lang: Language,
      category: VideoListingCategory,
      request: Omit<ListingRequest, 'category'>,
      guestId: number | null,
      country: Country,
    ): Promise<VideoListingPageData> {
      const [pageList, tags, seo] = await Promise.all([
        list({ ...request, category }, guestId, country),
        repo.tagLabels(FILTER_TAG_COUNT),
        seoText(`Videos:${category}`, lang),
      ]);
      return { list: pageList, tags, seo: presentSeo(seo, '') };
    },

    async starsPage(lang: Language, country: Country) {
      const [list, seo] = await Promise.all([
        stars(country, VIDEO_STARS_COUNT),
        seoText('Videos/Stars', lang),
      ]);
      return { stars: list, seo: presentSeo(seo, '') };
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
