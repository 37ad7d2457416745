/** Global search (spec 2/3/5): the actors group; other groups arrive with their modules. */
import type { Language } from '@vela/contracts/common';
import type { SearchResultResponse } from '@vela/contracts/search';
import { pathFor } from '@vela/i18n/routes';
import { presentActorTile } from '../catalog/catalog.presenter.ts';
import type { SearchRepository } from './search.repository.ts';

/** Spec 2: page size of the actors search group. */
export const SEARCH_ACTORS_PAGE_SIZE = 30;

export function createSearchService(repo: SearchRepository, now: () => Date = () => new Date()) {
  return {
    async search(lang: Language, searchPattern: string): Promise<SearchResultResponse> {
      const { rows, total } = await repo.actorsByName(searchPattern, SEARCH_ACTORS_PAGE_SIZE);
      const at = now();
      return {
        success: true,
        data: {
          searchPattern,
          actors: {
            count: total,
            link: pathFor('Search/Videos', lang, { searchPattern }),
            type: 'actors',
            items: rows.map((row) => presentActorTile(row, at)),
          },
        },
      };
    },
  };
}
