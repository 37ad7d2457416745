/**
 * What a guest sees of a photo album (issue 17 deliverable 3; spec 3 gallery album/picture, spec 4
 * "Album purchase success: balance updated, album reloaded"): the whole album when it is free
 * (price 0) or the guest bought it, otherwise its preview — the first `ALBUM_PREVIEW_PICTURES`
 * pictures by position — and the rest locked (no URL, only a count and a lock).
 *
 * FSK-18 needs the accepted age check on top, whatever the access (spec 6); the server checks it
 * where the bytes are served.
 */

/** Pictures of an album that is not bought shown as its preview (the first ones by position). */
export const ALBUM_PREVIEW_PICTURES = 3;

export interface AlbumAccessFacts {
  /** Price in EUR cents; 0 is a free album. */
  priceCents: number;
}

export interface AlbumViewer {
  /** The guest bought this album (a purchase row, paid or with a voucher). */
  owned: boolean;
}

export type AlbumAccess = 'full' | 'preview';

/** Bought or free → all pictures; otherwise the preview. */
export function albumAccess(album: AlbumAccessFacts, viewer: AlbumViewer): AlbumAccess {
  return album.priceCents === 0 || viewer.owned ? 'full' : 'preview';
}

/** Whether the buy button is offered: not free and not owned. */
export function canBuyAlbum(album: AlbumAccessFacts, viewer: AlbumViewer): boolean {
  return albumAccess(album, viewer) === 'preview';
}

/**
 * Whether the picture at `rank` (1 for the album's first picture by position, then 2, …) is open to
 * a viewer with `access`.
 */
export function pictureOpen(access: AlbumAccess, rank: number): boolean {
  return access === 'full' || (rank >= 1 && rank <= ALBUM_PREVIEW_PICTURES);
}

/** How many of an album's `total` pictures are locked for a viewer with `access`. */
export function lockedPictureCount(access: AlbumAccess, total: number): number {
  return access === 'full' ? 0 : Math.max(0, total - ALBUM_PREVIEW_PICTURES);
}
