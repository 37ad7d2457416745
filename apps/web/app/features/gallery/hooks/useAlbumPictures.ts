import type { AlbumPageData, AlbumPicture } from '@vela/contracts/gallery';
import { useCallback, useEffect, useState } from 'react';
import { openAlbum } from '../api/galleryApi.ts';

/** After a purchase: the album reloading, its pictures open, or the reload failed. */
export type UnlockState = 'idle' | 'loading' | 'opened' | 'error';

/**
 * The album page's pictures and views (issue 17 deliverable 3, spec 4 "Album purchase success:
 * album reloaded"): what the page was loaded with, refreshed from `gallery/open` for a logged-in
 * guest (which records the view, spec 6) and again after a purchase, when every locked picture
 * comes back open at once with URLs signed for the guest.
 */
export function useAlbumPictures(data: AlbumPageData, loggedIn: boolean) {
  const albumId = data.album.id;
  const [pictures, setPictures] = useState<AlbumPicture[]>(data.pictures);
  const [views, setViews] = useState(data.album.albumTotalViews);
  const [isBought, setIsBought] = useState(data.album.isBought);
  const [unlock, setUnlock] = useState<UnlockState>('idle');

  // Spec 6: album view recording is logged-in only; recorded once per guest by the server. The
  // answer's picture URLs are signed for this guest (a page rendered before a login had a visitor's).
  useEffect(() => {
    if (!loggedIn) return;
    let cancelled = false;
    openAlbum(albumId)
      .then((answer) => {
        if (cancelled) return;
        setViews(answer.album.albumTotalViews);
        setPictures(answer.pictures);
      })
      .catch(() => {
        // The count and pictures shown stay the loaded ones; nothing for the guest to do.
      });
    return () => {
      cancelled = true;
    };
  }, [albumId, loggedIn]);

  const onBought = useCallback(() => {
    setIsBought(true);
    setUnlock('loading');
    openAlbum(albumId)
      .then((answer) => {
        setViews(answer.album.albumTotalViews);
        setPictures(answer.pictures);
        setUnlock('opened');
      })
      .catch(() => setUnlock('error'));
  }, [albumId]);

  const lockedCount = pictures.filter((p) => p.locked).length;
  return { pictures, views, isBought, unlock, onBought, lockedCount };
}
