import { describe, expect, it } from 'vitest';
import {
  ALBUM_PREVIEW_PICTURES,
  albumAccess,
  canBuyAlbum,
  lockedPictureCount,
  pictureOpen,
} from './album-access.ts';

describe('album access (issue 17 deliverable 3, spec 3 gallery album/picture)', () => {
  it('a bought album shows all pictures; a free one (price 0) too; otherwise the preview', () => {
    expect(albumAccess({ priceCents: 499 }, { owned: true })).toBe('full');
    expect(albumAccess({ priceCents: 0 }, { owned: false })).toBe('full');
    expect(albumAccess({ priceCents: 499 }, { owned: false })).toBe('preview');
  });

  it('the buy button is offered only for a priced album not owned', () => {
    expect(canBuyAlbum({ priceCents: 499 }, { owned: false })).toBe(true);
    expect(canBuyAlbum({ priceCents: 499 }, { owned: true })).toBe(false);
    expect(canBuyAlbum({ priceCents: 0 }, { owned: false })).toBe(false);
  });

  it(`the preview is the first ${ALBUM_PREVIEW_PICTURES} pictures by position; the rest are locked`, () => {
    expect(ALBUM_PREVIEW_PICTURES).toBe(3);
    const open = [1, 2, 3, 4, 5, 12].map((rank) => pictureOpen('preview', rank));
    expect(open).toEqual([true, true, true, false, false, false]);
    expect([1, 4, 12].every((rank) => pictureOpen('full', rank))).toBe(true);
    expect(pictureOpen('preview', 0)).toBe(false);
  });

  it('counts the locked pictures (none when bought or when the album is short)', () => {
    expect(lockedPictureCount('preview', 12)).toBe(9);
    expect(lockedPictureCount('preview', 2)).toBe(0);
    expect(lockedPictureCount('full', 12)).toBe(0);
  });
});
