/**
 * The pro search REST calls of the page (spec 7 actorsearch/search, actorsearch/filter/delete), from
 * their declarations (`proSearchEndpoints`, decision 0032), imported at the first call (decision 0035:
 * the declarations bring their schemas).
 */
import type { Language } from '@vela/contracts/common';
import type { ActorSearchFilter, ActorSearchResult } from '@vela/contracts/prosearch';
import { endpointCall, endpointData } from '../../api/rest.ts';

const declarations = () => import('@vela/contracts/prosearch-api');

/** One page of results; the server saves the filter of a logged-in guest. */
export async function runSearch(
  lang: Language,
  filter: ActorSearchFilter,
  offset: number,
  limit: number,
): Promise<ActorSearchResult> {
  const { proSearchEndpoints } = await declarations();
  return endpointData(proSearchEndpoints.search, {
    query: { language: lang },
    body: { ...filter, offset, limit },
  });
}

/** Removes the logged-in guest's saved filter. */
export async function deleteSavedFilter(): Promise<void> {
  const { proSearchEndpoints } = await declarations();
  await endpointCall(proSearchEndpoints.deleteFilter);
}
