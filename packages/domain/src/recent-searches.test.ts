import { describe, expect, it } from 'vitest';
import { addRecentSearch, isLatestSearch, isSearchable, parseRecentSearches } from './recent-searches.ts';

describe('search patterns and recent searches (spec 5)', () => {
  it('search pattern shorter than 3 characters is refused', () => {
    expect(isSearchable('ab')).toBe(false);
    expect(isSearchable('  ab  ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
  });

  it('recent searches are stored only if at least 3 characters', () => {
    expect(addRecentSearch([], 'ab')).toEqual([]);
    expect(addRecentSearch([], 'abc')).toEqual(['abc']);
  });

  it('recent searches are stored only if not present', () => {
    const list = ['abc', 'def'];
    expect(addRecentSearch(list, 'def')).toBe(list);
  });

  it('the list keeps 3, newest first', () => {
    let list: readonly string[] = [];
    for (const p of ['one', 'two', 'three', 'four']) list = addRecentSearch(list, p);
    expect(list).toEqual(['four', 'three', 'two']);
  });

  it('a stored list is read defensively', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('["abc", 3, "x", "defg", "hij", "klm"]')).toEqual(['abc', 'defg', 'hij']);
  });

  it('results are ignored if the pattern differs from the latest requested', () => {
    expect(isLatestSearch('anna', 'anna')).toBe(true);
    expect(isLatestSearch('ann', 'anna')).toBe(false);
  });
});
