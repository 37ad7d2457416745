// @vitest-environment happy-dom
/**
 * The album page's pictures after a purchase (issue 17 deliverable 3; spec 4 "Album purchase success:
 * album reloaded"): gallery/open is asked again and every locked picture comes back open at once; a
 * failed reload says so (the purchase stands); a visitor's page asks nothing.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { AlbumPageData, AlbumPicture } from '@vela/contracts/gallery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlbumPictures } from './useAlbumPictures.ts';

const rating = { guestRatingLikes: 0, guestRatingDislikes: 0, isLiked: false, isDisliked: false };
const open = (id: number, position: number): AlbumPicture => ({
  id,
  position,
  image: { key: `photo-00${position}`, ageRating: 16, aspect: 4 / 3 },
  locked: false,
  urls: { w320: `/m/${id}/w320`, w640: `/m/${id}/w640`, w1280: `/m/${id}/w1280` },
  ...rating,
});
const locked = (id: number, position: number): AlbumPicture => ({
  id,
  position,
  locked: true,
  aspect: 4 / 3,
});

const PREVIEW = [open(1, 1), open(2, 2), open(3, 3), locked(4, 4), locked(5, 5)];
const ALL = [1, 2, 3, 4, 5].map((n) => open(n, n));

const data = {
  album: { id: 9, albumTotalViews: 10, isBought: false },
  pictures: PREVIEW,
} as unknown as AlbumPageData;

let answers: (() => Response)[] = [];
let asked = 0;
const answer = (pictures: AlbumPicture[], views: number) => () =>
  Response.json({
    success: true,
    data: { album: { id: 9, albumTotalViews: views }, viewRecorded: false, pictures },
  });

beforeEach(() => {
  asked = 0;
  vi.stubGlobal('fetch', async (input: string) => {
    expect(String(input)).toContain('gallery/open');
    const next = answers[asked++];
    if (!next) throw new Error('unexpected call');
    return next();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useAlbumPictures (issue 17: a purchase opens the locked pictures at once)', () => {
  it('a guest: the page refreshes the album (view, URLs), and after the purchase every picture is open', async () => {
    answers = [answer(PREVIEW, 11), answer(ALL, 11)];
    const { result } = renderHook(() => useAlbumPictures(data, true));
    expect(result.current.lockedCount).toBe(2);
    await waitFor(() => expect(result.current.views).toBe(11));
    act(() => result.current.onBought());
    expect(result.current.isBought).toBe(true);
    expect(result.current.unlock).toBe('loading');
    await waitFor(() => expect(result.current.unlock).toBe('opened'));
    expect(result.current.lockedCount).toBe(0);
    expect(result.current.pictures.every((p) => !p.locked)).toBe(true);
    expect(asked).toBe(2);
  });

  it('a failed reload after the purchase says so; the pictures shown stay', async () => {
    answers = [answer(PREVIEW, 10), () => new Response(null, { status: 500 })];
    const { result } = renderHook(() => useAlbumPictures(data, true));
    await waitFor(() => expect(asked).toBe(1));
    act(() => result.current.onBought());
    await waitFor(() => expect(result.current.unlock).toBe('error'));
    expect(result.current.lockedCount).toBe(2);
  });

  it('a visitor: nothing is asked (spec 6: views are recorded for logged-in guests only)', () => {
    answers = [];
    const { result } = renderHook(() => useAlbumPictures(data, false));
    expect(result.current.pictures).toBe(PREVIEW);
    expect(asked).toBe(0);
  });
});
