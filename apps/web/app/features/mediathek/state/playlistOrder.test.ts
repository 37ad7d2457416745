import { describe, expect, it } from 'vitest';
import { changesOf, moveItem } from './playlistOrder.ts';

describe('playlist edit (issue 17 deliverable 6: reorder, rename, save only what changed)', () => {
  it('moves an item up or down by one; at an end nothing moves', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 5, 1)).toEqual([1, 2, 3]);
  });

  it('a save sends the trimmed name when it changed and the whole order when it changed, else nothing', () => {
    const saved = { name: 'Evening', order: [1, 2, 3] };
    expect(changesOf(saved, { name: 'Evening', order: [1, 2, 3] })).toBeNull();
    expect(changesOf(saved, { name: ' Evening ', order: [1, 2, 3] })).toBeNull();
    expect(changesOf(saved, { name: 'Night', order: [1, 2, 3] })).toEqual({ name: 'Night' });
    expect(changesOf(saved, { name: 'Evening', order: [2, 1, 3] })).toEqual({ videoIds: [2, 1, 3] });
    expect(changesOf(saved, { name: 'Night', order: [3, 2, 1] })).toEqual({
      name: 'Night',
      videoIds: [3, 2, 1],
    });
  });
});
