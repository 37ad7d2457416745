/**
 * Search REST routes, mounted under `/rest/v1`, registered from `searchEndpoints` (decision 0032):
 * the global search (spec 7 `searchResult/search/{language}/{searchPattern}`, optionally one group
 * page with `?group=&offset=`) and the tag service (`tags/search`, `tags/mostPopular`).
 */
import { LanguageSchema } from '@vela/contracts/common';
import { TAGS_SEARCH_LIMIT } from '@vela/contracts/search';
import { searchEndpoints } from '@vela/contracts/search-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import type { ResponseCache } from '../../http/response-cache.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { type SearchService, searchablePattern } from './search.service.ts';

/**
 * The page links carry one of the four languages: another answers the stable INVALID_LANGUAGE,
 * before any other check of the call.
 */
function requireKnownLanguage(request: FastifyRequest): void {
  const params: unknown = request.params;
  const language =
    typeof params === 'object' && params !== null ? Reflect.get(params, 'language') : undefined;
  if (!LanguageSchema.safeParse(language).success)
    throw new AppError('INVALID_LANGUAGE', 'language must be one of de, en, nl, es', 400);
}

export function searchRoutes(deps: {
  search: SearchService;
  auth: Pick<GuestAuth, 'requireGuest'>;
  /** Whole answers per language, country, pattern, group and offset (the spec 9 search cache of 5 minutes). */
  answers: ResponseCache;
  /** COUNTRY_HEADER: performers blocked in the caller's country are never found (spec 6). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { search, answers, countryHeader } = deps;
  const country = (request: FastifyRequest) => countryOf(request.headers, countryHeader);
  return async (app) => {
    // The same for every caller of a country: the answer is kept whole (serialized and compressed
    // once) per country, and says that it varies on the country header.
    await app.register(async (byCountry) => {
      byCountry.addHook('onSend', varyOnCountry(countryHeader));
      route(byCountry, searchEndpoints.search).handle({
        authenticate: requireKnownLanguage,
        cache: {
          answers,
          key: ({ params, query, request }) =>
            [
              params.language,
              country(request) ?? '',
              query.group ?? '*',
              query.group ? (query.offset ?? 0) : 0,
              searchablePattern(params.searchPattern),
            ].join('\u0000'),
          // The whole answer lives as long as the search result it was made from (at most 5 minutes).
          lifetime: ({ params, query, request }) =>
            search.resultTtl(
              params.language,
              searchablePattern(params.searchPattern),
              country(request),
              query.group,
              query.offset ?? 0,
            ),
        },
        handler: async ({ params, query, request }) => {
          const pattern = searchablePattern(params.searchPattern);
          if (query.group) {
            const page = await search.searchGroup(
              params.language,
              pattern,
              query.group,
              query.offset ?? 0,
              country(request),
            );
            return { searchPattern: pattern, group: page };
          }
          return search.search(params.language, pattern, country(request));
        },
      });
    });

    route(app, searchEndpoints.tags).handle({
      handler: async ({ body }) => ({ tags: await search.searchTags(body.searchText, TAGS_SEARCH_LIMIT) }),
    });

    route(app, searchEndpoints.mostPopularTags).handle({
      authenticate: (request) => deps.auth.requireGuest(request),
      handler: async ({ body }) => ({ tags: await search.mostPopularTags(body.count) }),
    });
  };
}
