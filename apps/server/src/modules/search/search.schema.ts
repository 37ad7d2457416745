import { LanguageSchema } from '@vela/contracts/common';
import {
  MOST_POPULAR_TAGS_MAX,
  SEARCH_GROUP_TYPES,
  SEARCH_MAX_OFFSET,
  SEARCH_PATTERN_MAX_LENGTH,
} from '@vela/contracts/search';
import { z } from 'zod';

/** The same, unchecked: an unknown language answers the stable INVALID_LANGUAGE, not VALIDATION_ERROR. */
export const RawSearchParamsSchema = z.object({ language: z.string() });

/** Path parameters of `GET /searchResult/search/:language/:searchPattern` (length rules: the service). */
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
