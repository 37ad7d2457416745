import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIDEO_SORT,
  effectiveSort,
  isSortAllowed,
  needsGuest,
  pageWindow,
  sortsFor,
  topVideosSince,
  trendingDays,
  typesContradict,
  typesOf,
  UnmappedCategoryError,
  VIDEO_LISTING_CATEGORIES,
  VIDEO_TYPE_RULES,
  videoListingCategory,
} from './video-listings.ts';

describe('video listings (spec 2/3/9)', () => {
  it('has the eight listing categories of spec 2', () => {
    expect(VIDEO_LISTING_CATEGORIES).toEqual([
      'allVideos',
      'newVideos',
      'discountedVideos',
      'trendingVideos',
      'freeVideos',
      'topVideos',
      'vip30Videos',
      'boughtVideos',
    ]);
  });

  it('default sorts of spec 9: all top rated; new, discounted, free newest; trending top trending; top best selling; vip30 top rated; bought newest', () => {
    expect(DEFAULT_VIDEO_SORT).toEqual({
      allVideos: 'topRated',
      newVideos: 'newest',
      discountedVideos: 'newest',
      trendingVideos: 'trending',
      freeVideos: 'newest',
      topVideos: 'bestSelling',
      vip30Videos: 'topRated',
      boughtVideos: 'newest',
    });
  });

  it('an unmapped category is an error (spec 5/8)', () => {
    expect(() => videoListingCategory('popularVideos')).toThrow(UnmappedCategoryError);
    expect(() => videoListingCategory('popularVideos')).toThrow('Unmapped category');
    expect(videoListingCategory('freeVideos')).toBe('freeVideos');
  });

  it('every category offers its default first plus most expensive, cheapest, longest, shortest; trending only in the trending list', () => {
    for (const category of VIDEO_LISTING_CATEGORIES) {
      const sorts = sortsFor(category);
      expect(sorts[0]).toBe(DEFAULT_VIDEO_SORT[category]);
      for (const s of [
        'newest',
        'topRated',
        'bestSelling',
        'mostExpensive',
        'cheapest',
        'longest',
        'shortest',
      ])
        expect(sorts).toContain(s);
      expect(sorts.includes('trending')).toBe(category === 'trendingVideos');
      expect(new Set(sorts).size).toBe(sorts.length);
    }
    expect(isSortAllowed('allVideos', 'trending')).toBe(false);
    expect(effectiveSort('allVideos', 'trending')).toBe('topRated');
    expect(effectiveSort('allVideos', 'cheapest')).toBe('cheapest');
    expect(effectiveSort('freeVideos', null)).toBe('newest');
  });

  it('types: premium is not free, original is not shared, discount is a price below the base price', () => {
    expect(VIDEO_TYPE_RULES.premium).toEqual({ kind: 'flag', flag: 'free', value: false });
    expect(VIDEO_TYPE_RULES.original).toEqual({ kind: 'flag', flag: 'shared', value: false });
    expect(VIDEO_TYPE_RULES.discount).toEqual({ kind: 'discounted' });
    expect(typesOf('freeVideos', ['vip', 'free'])).toEqual(['free', 'vip']);
    expect(typesContradict(typesOf('freeVideos', ['premium']))).toBe(true);
    expect(typesContradict(['shared', 'original'])).toBe(true);
    expect(typesContradict(['free', 'vip', 'discount'])).toBe(false);
  });

  it('bought videos and the bought type need a logged-in guest (spec 6)', () => {
    expect(needsGuest('boughtVideos')).toBe(true);
    expect(needsGuest('allVideos', ['bought'])).toBe(true);
    expect(needsGuest('allVideos', ['free'])).toBe(false);
  });

  it('trending window is the last 8 days including today; top videos cover the last 9 months', () => {
    expect(trendingDays(new Date('2026-03-10T12:00:00Z'))).toEqual({
      fromDay: '2026-03-03',
      toDay: '2026-03-10',
    });
    expect(topVideosSince(new Date('2026-11-22T08:00:00Z')).toISOString()).toBe('2026-02-22T08:00:00.000Z');
    // Clamped to the end of a shorter month.
    expect(topVideosSince(new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('page size 30 by default, at most 100', () => {
    expect(pageWindow(undefined, undefined)).toEqual({ offset: 0, limit: 30 });
    expect(pageWindow(60, 500)).toEqual({ offset: 60, limit: 100 });
    expect(pageWindow(-3, 0)).toEqual({ offset: 0, limit: 1 });
  });
});
