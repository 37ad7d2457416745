/**
 * The search calls (spec 7) as declarations (decision 0032), apart from search.ts so that the pages'
 * constants and types stay free of zod (decision 0035):
 *
 * - GET  searchResult/search/:language/:searchPattern[?group=&offset=]  every group's first page, or one group's page
 * - POST tags/search {searchText}                                     tags starting with the text
 * - POST tags/mostPopular {count}                                     logged-in only
 */
import { z } from 'zod';
import { ImageRefSchema, LanguageSchema, PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import {
  MOST_POPULAR_TAGS_MAX,
  SEARCH_GROUP_TYPES,
  SEARCH_MAX_OFFSET,
  SEARCH_PATTERN_MAX_LENGTH,
  type SearchAlbumItem,
  type SearchGroup,
  type SearchGroupType,
  type SearchItemOf,
  type SearchMediathekItem,
  type SearchResult,
  type SearchTag,
} from './search.ts';
import {
  ActorRefSchema,
  ActorTileSchema,
  BlogPostTileSchema,
  TvSeriesTileSchema,
  VideoTileSchema,
} from './tile-schemas.ts';

/**
 * Path parameters of the global search. The language is checked before anything else by the server
 * (an unknown one answers the stable INVALID_LANGUAGE); the pattern's length rules are the service's.
 */
export const SearchParamsSchema = z.object({
  language: LanguageSchema,
  searchPattern: z.string(),
});

/** `?group=<type>&offset=<n>`: one page of one group. */
export const SearchQuerySchema = z
  .object({
    group: z.enum(SEARCH_GROUP_TYPES).optional(),
    offset: z.coerce.number().int().min(0).max(SEARCH_MAX_OFFSET).optional(),
  })
  .refine((q) => q.offset === undefined || q.group !== undefined, {
    message: 'offset needs a group',
    path: ['offset'],
  });

/** `POST /tags/search` (spec 7 tag service). */
export const TagSearchBodySchema = z.object({
  searchText: z.string().max(SEARCH_PATTERN_MAX_LENGTH),
});

/** `POST /tags/mostPopular` (spec 7 tag service, bearer). */
export const MostPopularTagsBodySchema = z.object({
  count: z.number().int().min(1).max(MOST_POPULAR_TAGS_MAX),
});

// --- answers ------------------------------------------------------------------------------------

const SearchActorItemSchema = ActorTileSchema.extend({
  aspect: z.number(),
  link: z.string(),
  online: z.boolean(),
  mobileVideoCall: z.boolean(),
});
const SearchVideoItemSchema = VideoTileSchema.extend({ asmr: z.boolean(), link: z.string() });
const SearchAlbumItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(['image', 'video']),
  cover: ImageRefSchema,
  price: PriceSchema,
  likes: z.number(),
  createdAt: z.string(),
  actor: ActorRefSchema,
  link: z.string(),
}) satisfies z.ZodType<SearchAlbumItem>;

/** The item schema of each group; `satisfies` checks each against its item type. */
const ITEM_SCHEMAS = {
  actors: SearchActorItemSchema,
  models: SearchActorItemSchema.extend({ videoCount: z.number() }),
  videos: SearchVideoItemSchema,
  asmr: SearchVideoItemSchema,
  photos: SearchAlbumItemSchema,
  galleries: SearchAlbumItemSchema,
  tv: TvSeriesTileSchema.extend({ link: z.string() }),
  mediathek: z.object({
    id: z.number(),
    title: z.string(),
    duration: z.number(),
    airedAt: z.string(),
    image: ImageRefSchema,
    series: z.object({ id: z.number(), key: z.string(), title: z.string() }),
    link: z.string(),
  }) satisfies z.ZodType<SearchMediathekItem>,
  blog: BlogPostTileSchema.extend({ link: z.string().nullable() }),
} satisfies { [T in SearchGroupType]: z.ZodType<SearchItemOf[T]> };

const groupSchema = <T extends SearchGroupType>(type: T) =>
  z.object({
    type: z.literal(type),
    count: z.number(),
    countCapped: z.boolean(),
    link: z.string(),
    offset: z.number(),
    pageSize: z.number(),
    items: z.array(ITEM_SCHEMAS[type]),
  });

const GROUP_SCHEMAS = {
  actors: groupSchema('actors'),
  models: groupSchema('models'),
  videos: groupSchema('videos'),
  asmr: groupSchema('asmr'),
  photos: groupSchema('photos'),
  galleries: groupSchema('galleries'),
  tv: groupSchema('tv'),
  mediathek: groupSchema('mediathek'),
  blog: groupSchema('blog'),
};

export const SearchResultSchema = z.object({
  searchPattern: z.string(),
  proposals: z.array(z.string()),
  ...GROUP_SCHEMAS,
}) satisfies z.ZodType<SearchResult>;

/**
 * A group of any type, told apart by `type` (each item keeps the fields of its group's items); typed
 * as the service's `SearchGroup<SearchGroupType>`.
 */
const AnySearchGroupSchema: z.ZodType<
  SearchGroup<SearchGroupType>,
  SearchGroup<SearchGroupType>
> = z.discriminatedUnion('type', [
  GROUP_SCHEMAS.actors,
  GROUP_SCHEMAS.models,
  GROUP_SCHEMAS.videos,
  GROUP_SCHEMAS.asmr,
  GROUP_SCHEMAS.photos,
  GROUP_SCHEMAS.galleries,
  GROUP_SCHEMAS.tv,
  GROUP_SCHEMAS.mediathek,
  GROUP_SCHEMAS.blog,
]);

/** One page of one group (`?group=&offset=`). */
export const SearchGroupPageSchema = z.object({
  searchPattern: z.string(),
  group: AnySearchGroupSchema,
});

const TagsSchema = z.object({
  tags: z.array(
    z.object({
      id: z.number(),
      label: z.string(),
      videoCount: z.number().nullable(),
    }) satisfies z.ZodType<SearchTag>,
  ),
});

export const searchEndpoints = {
  /** Every group's first page, or with `?group=` one page of one group (cached whole per country). */
  search: defineEndpoint({
    method: 'GET',
    path: 'searchResult/search/:language/:searchPattern',
    params: SearchParamsSchema,
    query: SearchQuerySchema,
    response: z.union([SearchGroupPageSchema, SearchResultSchema]),
    errors: ['INVALID_LANGUAGE', 'SEARCH_PATTERN_TOO_SHORT'],
  }),
  /** Tags starting with the text (a body-less call searches for ''). */
  tags: defineEndpoint({
    method: 'POST',
    path: 'tags/search',
    body: z.preprocess((body) => body ?? {}, TagSearchBodySchema),
    response: TagsSchema,
    errors: ['SEARCH_PATTERN_TOO_SHORT'],
  }),
  /** The most used tags (logged-in only). */
  mostPopularTags: defineEndpoint({
    method: 'POST',
    path: 'tags/mostPopular',
    body: z.preprocess((body) => body ?? {}, MostPopularTagsBodySchema),
    response: TagsSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
};
