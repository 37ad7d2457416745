/**
 * Video listings (issue 5 deliverable 3): /videos/ pages, listing categories and sorts, the video filter, video stars, tile grids.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 */
import {
  ACTING_GROUPS,
  TILE_GRID_COLUMNS_MAX,
  TILE_GRID_COLUMNS_MIN,
  VIDEO_LIMIT_MAX,
  VIDEO_LISTING_CATEGORIES,
  VIDEO_SORTS,
  VIDEO_TYPES,
  type VideoListingCategory,
  type VideoSort,
} from '@vela/domain/video-listings';
import { z } from 'zod';
import { type ImageRef, ImageRefSchema, type Language } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import type { SeoText, VideoTile } from './pages.ts';
import { VideoTileSchema } from './tile-schemas.ts';
import {
  isFilterDate,
  VIDEO_FILTER_DATE_MAX_LENGTH,
  VIDEO_FILTER_IDS_MAX,
  VIDEO_FILTER_MODEL_IDS_MAX,
  VIDEO_FILTER_TAG_MAX_LENGTH,
  VIDEO_FILTER_TAGS_MAX,
  type VideoFilter,
} from './video-filter.ts';

export type { VideoListingCategory, VideoSort, VideoType } from '@vela/domain/video-listings';

export const VideoSortSchema = z.enum(VIDEO_SORTS);

/** A day (YYYY-MM-DD) or an ISO instant. */
const DateInput = z
  .string()
  .max(VIDEO_FILTER_DATE_MAX_LENGTH)
  .refine(isFilterDate, 'expected a date (YYYY-MM-DD)');

/**
 * Spec 3 video filter. Every list is bounded so a request stays one index-backed query. Its bounds and
 * the hand-written `parseVideoFilter` the pages use live in the schema-free video-filter.ts.
 */
export const VideoFilterSchema = z
  .object({
    modelIds: z.array(z.number().int().positive()).max(VIDEO_FILTER_MODEL_IDS_MAX).optional(),
    actingGroups: z.array(z.enum(ACTING_GROUPS)).max(ACTING_GROUPS.length).optional(),
    ids: z.array(z.number().int().positive()).max(VIDEO_FILTER_IDS_MAX).optional(),
    tags: z
      .array(z.string().trim().min(1).max(VIDEO_FILTER_TAG_MAX_LENGTH))
      .max(VIDEO_FILTER_TAGS_MAX)
      .optional(),
    releasedFrom: DateInput.optional(),
    releasedUntil: DateInput.optional(),
    types: z.array(z.enum(VIDEO_TYPES)).max(VIDEO_TYPES.length).optional(),
  })
  .strict() satisfies z.ZodType<VideoFilter>;
export type { VideoFilter } from './video-filter.ts';

/** The payload of `tileGrid/get/videos/{payload}` (URL-encoded JSON). */
export const VideoGridPayloadSchema = z
  .object({
    category: z.string().max(40).optional(),
    sort: VideoSortSchema.optional(),
    filter: VideoFilterSchema.optional(),
    offset: z.number().int().min(0).max(100_000).optional(),
    limit: z.number().int().min(1).max(VIDEO_LIMIT_MAX).optional(),
  })
  .strict();
export type VideoGridPayload = z.infer<typeof VideoGridPayloadSchema>;

export const TILE_GRID_TYPES = ['videos'] as const;
export const TileGridTypeSchema = z.enum(TILE_GRID_TYPES);
export type TileGridType = z.infer<typeof TileGridTypeSchema>;

/** Stored tile grid settings (per guest and type): the chosen sort, columns 3-5, a filter. */
export const TileGridSettingsSchema = z
  .object({
    sort: VideoSortSchema.optional(),
    columns: z.number().int().min(TILE_GRID_COLUMNS_MIN).max(TILE_GRID_COLUMNS_MAX).optional(),
    filter: VideoFilterSchema.optional(),
  })
  .strict();
export type TileGridSettings = z.infer<typeof TileGridSettingsSchema>;

export const StoreTileGridSettingsSchema = z
  .object({ type: TileGridTypeSchema, settings: TileGridSettingsSchema })
  .strict();

/**
 * A video tile of a listing, with the caller's spec 3 guestInfo, false for visitors: `bought` (a
 * purchase), `flatrate` (the guest's VIP includes this VIP or VIP30 video: no charge, no buy button),
 * `liked` (the guest likes it; the server always sends it, optional for clients' own fixtures).
 */
export interface VideoListItem extends VideoTile {
  guestInfo: { bought: boolean; flatrate: boolean; liked?: boolean };
}

/** One page of a listing (offset paging; hasMore from fetching one more than the limit). */
export interface VideoList {
  category: VideoListingCategory;
  sort: VideoSort;
  /** The sorts this category offers, default first. */
  sorts: VideoSort[];
  items: VideoListItem[];
  offset: number;
  limit: number;
  hasMore: boolean;
}

/** The answer of `tileGrid/get/videos/...` as the pages check it. */
export const VideoListSchema = z.object({
  category: z.enum(VIDEO_LISTING_CATEGORIES),
  sort: VideoSortSchema,
  sorts: z.array(VideoSortSchema),
  items: z.array(
    VideoTileSchema.extend({
      guestInfo: z.object({ bought: z.boolean(), flatrate: z.boolean(), liked: z.boolean().optional() }),
    }),
  ),
  offset: z.number(),
  limit: z.number(),
  hasMore: z.boolean(),
}) satisfies z.ZodType<VideoList>;

/** Spec 3 video star. */
export interface VideoStar {
  actorId: number;
  actorName: string;
  /** The profile slug (name lower-cased, spec 5). */
  slug: string;
  age: number;
  videoCount: number;
  newVideoCount: number;
  online: boolean;
  spokenLanguages: Language[];
  avatar: ImageRef;
}

/** `tileGrid/getVideoPictures/{albumId}`: up to 100 preview thumbnails of a video (spec 9). */
export interface VideoPictures {
  albumId: number;
  pictures: ImageRef[];
}

export const VideoPicturesSchema = z.object({
  albumId: z.number(),
  pictures: z.array(ImageRefSchema),
}) satisfies z.ZodType<VideoPictures>;

/** The /videos/ overview: one block per listing category (bought only for a logged-in guest). */
export interface VideosOverviewData {
  blocks: { category: VideoListingCategory; items: VideoListItem[] }[];
  seo: SeoText;
}

/** What a listing page asks for. */
export interface VideoListingQuery {
  sort?: string | null;
  filter?: VideoFilter;
  offset?: number;
  limit?: number;
}

/** A listing page: the first page server-rendered, plus what the filter form offers. */
export interface VideoListingPageData {
  list: VideoList;
  /** Tag labels offered by the filter (most used first). */
  tags: string[];
  seo: SeoText;
}

export interface VideoStarsPageData {
  stars: VideoStar[];
  seo: SeoText;
}

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
export interface VideoPageServices {
  /** The overview blocks; `guestId` adds the bought block and bought flags. */
  videosOverview(lang: Language, guestId: number | null): Promise<VideosOverviewData>;
  /**
   * One listing page. `sort` null: the guest's stored sort, else the category's default. Throws
   * the service's errors (unmapped category, a visitor asking for bought videos).
   */
  videoListing(
    lang: Language,
    category: VideoListingCategory,
    query: VideoListingQuery,
    guestId: number | null,
  ): Promise<VideoListingPageData>;
  videoStars(lang: Language): Promise<VideoStarsPageData>;
}

/** The tile grid calls of the pages (decision 0032). */
export const videosEndpoints = {
  /**
   * One page of a grid (spec 7 `tileGrid/get/{type}/{payload}`): `payload` is the JSON of
   * VideoGridPayloadSchema (URL-encoded by `endpointPath`). The server checks in this order: the
   * type (400 UNKNOWN_GRID_TYPE), then the payload (400 INVALID_PAYLOAD); a visitor's page is kept
   * whole per country for a few seconds.
   */
  tileGrid: defineEndpoint({
    method: 'GET',
    path: 'tileGrid/get/:type/:payload',
    params: z.object({ type: z.string(), payload: z.string() }),
    response: VideoListSchema,
    errors: [
      'UNKNOWN_GRID_TYPE',
      'INVALID_PAYLOAD',
      'UNMAPPED_CATEGORY',
      'INVALID_SORT',
      'INVALID_FILTER',
      'NOT_LOGGED_IN',
    ],
  }),
  /** Up to 100 preview thumbnails of a video (spec 9); 404 for a video not offered in the caller's country. */
  videoPictures: defineEndpoint({
    method: 'GET',
    path: 'tileGrid/getVideoPictures/:albumId',
    params: z.object({ albumId: z.coerce.number().int().positive().max(2_147_483_647) }),
    response: VideoPicturesSchema,
    errors: ['VIDEO_NOT_FOUND', 'ACTOR_BLOCKED_IN_COUNTRY'],
  }),
  /** A logged-in guest's sort, columns and filter of a grid type, used when the listing opens next time. */
  storeTileGridSettings: defineEndpoint({
    method: 'POST',
    path: 'tileGrid/storeTileGridSettings',
    body: StoreTileGridSettingsSchema,
    response: StoreTileGridSettingsSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
};
