import { describe, expect, it } from 'vitest';
import { parsePageParam } from './pageParam.ts';

describe('pagination query `page` (spec 2: pagination with the page query)', () => {
  it('is page 1 when absent', () => {
    expect(parsePageParam(null)).toBe(1);
  });

  it('accepts positive integers', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('12')).toBe(12);
  });

  it('refuses zero, negatives, decimals, leading zeros, text and absurd sizes', () => {
    for (const bad of ['', '0', '-1', '1.5', '01', 'two', '1e3', '9999999']) {
      expect(parsePageParam(bad), bad).toBeNull();
    }
  });
});
