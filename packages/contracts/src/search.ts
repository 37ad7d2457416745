import type { ActorTile } from './pages.ts';

/** Spec 5: a search pattern shorter than 3 characters is refused. */
export const SEARCH_PATTERN_MIN_LENGTH = 3;

/**
 * `GET /rest/v1/searchResult/search/{language}/{searchPattern}` (spec 7). This issue fills the
 * actors group; the other groups of spec 3 (videos, mediathek, blog, ...) arrive with search.
 */
export interface SearchResultResponse {
  success: true;
  data: {
    searchPattern: string;
    actors: { count: number; link: string; type: 'actors'; items: ActorTile[] };
  };
}

/** What the web app's loaders may ask of the global search (part of PageServices in pages.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: the slice adds its loader calls here.
export interface SearchPageServices {}
