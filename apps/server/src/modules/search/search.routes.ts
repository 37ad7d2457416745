/**
 * Search REST routes, mounted under `/rest/v1`: the global search (spec 7
 * `searchResult/search/{language}/{searchPattern}`, optionally one group page with
 * `?group=&offset=`) and the tag service (`tags/search`, `tags/mostPopular`).
 */
import { LanguageSchema } from '@vela/contracts/common';
import { TAGS_SEARCH_LIMIT } from '@vela/contracts/search';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import type { ResponseCache } from '../../http/response-cache.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import {
  MostPopularTagsBodySchema,
  RawSearchParamsSchema,
  SearchParamsSchema,
  SearchQuerySchema,
  TagSearchBodySchema,
} from './search.schema.ts';
import { type SearchService, searchablePattern } from './search.service.ts';

export function searchRoutes(deps: {
  search: SearchService;
  auth: Pick<GuestAuth, 'requireGuest'>;
  /** Whole answers per language, country, pattern, group and offset (the spec 9 search cache of 5 minutes). */
  answers: ResponseCache;
  /** COUNTRY_HEADER: performers blocked in the caller's country are never found (spec 6). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { search, answers, countryHeader } = deps;
  return async (app) => {
    // The same for every caller of a country: the answer is kept whole (serialized and compressed
    // once) per country, and says that it varies on the country header.
    app.get(
      '/searchResult/search/:language/:searchPattern',
      { onSend: varyOnCountry(countryHeader) },
      async (request, reply) => {
        // A stable code for an unknown language (the page links carry one of the four).
        if (!LanguageSchema.safeParse(parseInput(RawSearchParamsSchema, request.params).language).success) {
          throw new AppError('INVALID_LANGUAGE', 'language must be one of de, en, nl, es', 400);
        }
        const params = parseInput(SearchParamsSchema, request.params);
        const query = parseInput(SearchQuerySchema, request.query ?? {});
        const pattern = searchablePattern(params.searchPattern);
        const group = query.group;
        const offset = query.offset ?? 0;
        const country = countryOf(request.headers, countryHeader);
        const key = [params.language, country ?? '', group ?? '*', group ? offset : 0, pattern].join(
          '\u0000',
        );
        // The whole answer lives as long as the search result it was made from (at most 5 minutes).
        const lifetime = () => search.resultTtl(params.language, pattern, country, group, offset);
        return answers.send(
          request,
          reply,
          key,
          async () => {
            if (group) {
              const page = await search.searchGroup(params.language, pattern, group, offset, country);
              return { success: true, data: { searchPattern: pattern, group: page } };
            }
            return { success: true, data: await search.search(params.language, pattern, country) };
          },
          lifetime,
        );
      },
    );

    app.post('/tags/search', async (request) => {
      const body = parseInput(TagSearchBodySchema, request.body ?? {});
      return { success: true, data: { tags: await search.searchTags(body.searchText, TAGS_SEARCH_LIMIT) } };
    });

    app.post('/tags/mostPopular', async (request) => {
      await deps.auth.requireGuest(request);
      const body = parseInput(MostPopularTagsBodySchema, request.body ?? {});
      return { success: true, data: { tags: await search.mostPopularTags(body.count) } };
    });
  };
}
