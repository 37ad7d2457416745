import { LanguageSchema } from '@vela/contracts/common';
import { SEARCH_PATTERN_MIN_LENGTH } from '@vela/contracts/search';
import { z } from 'zod';

/** Path parameters of `GET /searchResult/search/:language/:searchPattern`. */
export const SearchParamsSchema = z.object({
  language: LanguageSchema,
  searchPattern: z.string().trim().min(SEARCH_PATTERN_MIN_LENGTH).max(100),
});
export type SearchParams = z.infer<typeof SearchParamsSchema>;
