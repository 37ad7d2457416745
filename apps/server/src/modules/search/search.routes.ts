/**
 * Search REST routes, mounted under `/rest/v1`: the global search (spec 7
 * `searchResult/search/{language}/{searchPattern}`, optionally one group page with
 * `?group=&offset=`) and the tag service (`tags/search`, `tags/mostPopular`).
 */
import { LanguageSchema } from '@vela/contracts/common';
import { TAGS_SEARCH_LIMIT } from '@vela/contracts/search';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import type { GuestAuth } from '../guests/auth.ts';
import {
  MostPopularTagsBodySchema,
  SearchParamsSchema,
  SearchQuerySchema,
  TagSearchBodySchema,
} from './search.schema.ts';
import { type SearchService, searchablePattern } from './search.service.ts';

export function searchRoutes(deps: {
  search: SearchService;
  auth: Pick<GuestAuth, 'requireGuest'>;
}): FastifyPluginAsync {
  const { search } = deps;
  return async (app) => {
    app.get('/searchResult/search/:language/:searchPattern', async (request) => {
      const raw = request.params as { language?: unknown };
      // A stable code for an unknown language (the page links carry one of the four).
      if (!LanguageSchema.safeParse(raw.language).success) {
        throw new AppError('INVALID_LANGUAGE', 'language must be one of de, en, nl, es', 400);
      }
      const params = parseInput(SearchParamsSchema, request.params);
      const query = parseInput(SearchQuerySchema, request.query ?? {});
      if (query.group) {
        const group = await search.searchGroup(
          params.language,
          params.searchPattern,
          query.group,
          query.offset ?? 0,
        );
        return { success: true, data: { searchPattern: searchablePattern(params.searchPattern), group } };
      }
      return { success: true, data: await search.search(params.language, params.searchPattern) };
    });

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
