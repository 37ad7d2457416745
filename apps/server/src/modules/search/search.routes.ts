/** Search REST routes, mounted under `/rest/v1`. */
import { LanguageSchema } from '@vela/contracts/common';
import { SEARCH_PATTERN_MIN_LENGTH } from '@vela/contracts/search';
import type { Db } from '@vela/db/client';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import { createSearchRepository } from './search.repository.ts';
import { SearchParamsSchema } from './search.schema.ts';
import { createSearchService } from './search.service.ts';

export function searchRoutes(deps: { db: Db; now?: () => Date }): FastifyPluginAsync {
  const search = createSearchService(createSearchRepository(deps.db), deps.now);
  return async (app) => {
    app.get('/searchResult/search/:language/:searchPattern', async (request) => {
      const raw = request.params as { language?: unknown; searchPattern?: unknown };
      // Stable codes for the two rules callers act on; anything else is a plain validation error.
      if (!LanguageSchema.safeParse(raw.language).success) {
        throw new AppError('INVALID_LANGUAGE', 'language must be one of de, en, nl, es', 400);
      }
      if (
        typeof raw.searchPattern === 'string' &&
        raw.searchPattern.trim().length < SEARCH_PATTERN_MIN_LENGTH
      ) {
        throw new AppError(
          'SEARCH_PATTERN_TOO_SHORT',
          `searchPattern must have at least ${SEARCH_PATTERN_MIN_LENGTH} characters`,
          400,
        );
      }
      const params = parseInput(SearchParamsSchema, raw);
      return search.search(params.language, params.searchPattern);
    });
  };
}
