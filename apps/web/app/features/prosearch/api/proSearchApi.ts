/** The pro search REST calls of the page (spec 7 actorsearch/search, actorsearch/filter/delete). */
import type { Language } from '@vela/contracts/common';
import type { ActorSearchFilter, ActorSearchResult } from '@vela/contracts/prosearch';
import { restCall } from '../../api/rest.ts';

/** One page of results; the server saves the filter of a logged-in guest. */
export async function runSearch(
  lang: Language,
  filter: ActorSearchFilter,
  offset: number,
  limit: number,
): Promise<ActorSearchResult> {
  const { data } = await restCall('POST', `actorsearch/search?language=${lang}`, {
    ...filter,
    offset,
    limit,
  });
  return data as ActorSearchResult;
}

/** Removes the logged-in guest's saved filter. */
export async function deleteSavedFilter(): Promise<void> {
  await restCall('POST', 'actorsearch/filter/delete', {});
}
