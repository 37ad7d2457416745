import { endpointPath } from '@vela/contracts/endpoint';
import { videosEndpoints } from '@vela/contracts/videos';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_OF_ROUTE,
  gridParams,
  listingSearch,
  offsetOfPage,
  parseListingQuery,
  routeOfCategory,
} from './listings.ts';

describe('video listing pages and their URL query', () => {
  it('each listing page shows one category of spec 2; top and bought videos have no page', () => {
    expect(CATEGORY_OF_ROUTE['Videos/OnSale']).toBe('discountedVideos');
    expect(CATEGORY_OF_ROUTE['Videos/FreeClips']).toBe('freeVideos');
    expect(CATEGORY_OF_ROUTE['Videos/VideoTrends']).toBe('trendingVideos');
    expect(routeOfCategory('newVideos')).toBe('Videos/NewVideos');
    expect(routeOfCategory('topVideos')).toBeNull();
    expect(routeOfCategory('boughtVideos')).toBeNull();
  });

  it('reads sort, tag, from, until, type and page; drops what does not fit the filter', () => {
    const query = parseListingQuery(
      new URLSearchParams(
        'sort=cheapest&tag=outdoor&from=2026-01-01&until=nope&type=free&type=bought&type=x&page=3',
      ),
    );
    expect(query).toEqual({
      sort: 'cheapest',
      filter: { tags: ['outdoor'], releasedFrom: '2026-01-01', types: ['free'] },
      page: 3,
    });
    expect(parseListingQuery(new URLSearchParams('page=0'))).toBeNull();
    expect(parseListingQuery(new URLSearchParams('page=abc'))).toBeNull();
    expect(parseListingQuery(new URLSearchParams('tag=&from='))).toEqual({ sort: null, filter: {}, page: 1 });
  });

  it('writes the query back; page 1 has no page parameter; 30 videos per page', () => {
    expect(listingSearch(null, {}, 1)).toBe('');
    expect(listingSearch('longest', { tags: ['a b'], types: ['vip'] }, 2)).toBe(
      '?sort=longest&tag=a+b&type=vip&page=2',
    );
    expect(offsetOfPage(1)).toBe(0);
    expect(offsetOfPage(3)).toBe(60);
  });

  it('the grid payload is URL-encoded JSON (spec 7 tileGrid/get/{type}/{payload})', () => {
    const params = gridParams({
      category: 'freeVideos',
      sort: 'newest',
      filter: { tags: ['x/y'] },
      offset: 30,
    });
    const path = endpointPath(videosEndpoints.tileGrid, { params });
    expect(path.startsWith('tileGrid/get/videos/')).toBe(true);
    const payload = JSON.parse(decodeURIComponent(path.slice('tileGrid/get/videos/'.length)));
    expect(payload).toEqual({
      category: 'freeVideos',
      sort: 'newest',
      filter: { tags: ['x/y'] },
      offset: 30,
      limit: 30,
    });
  });
});
