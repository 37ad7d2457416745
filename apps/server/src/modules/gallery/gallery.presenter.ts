/** Shapes the photos slice's rows into the contracts of @vela/contracts/gallery. */
import type {
  AlbumComment,
  AlbumPicture,
  GalleryAlbum,
  PictureUrls,
  RatingFieldsData,
} from '@vela/contracts/gallery';
import { aspectOfKey } from '@vela/db/media';
import { ratingFields } from '@vela/domain/ratings';
import { eur, imageRef } from '../catalog/catalog.presenter.ts';
import type { AlbumRow, CommentRow, PictureRow, StoredRating } from './gallery.repository.ts';

export const presentRating = (likes: number, dislikes: number, own: StoredRating): RatingFieldsData =>
  ratingFields(likes, dislikes, own);

export function presentAlbum(row: AlbumRow): GalleryAlbum {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    price: eur(row.priceCents),
    actor: { id: row.actorId, name: row.actorName, slug: row.actorSlug },
    albumTotalViews: row.totalViews,
    commentCount: row.commentCount,
    pictureCount: row.pictureCount,
    cover: imageRef(row.coverKey, row.coverAgeRating),
    createdAt: row.createdAt.toISOString(),
    isBought: row.isBought,
    ...presentRating(row.likes, row.dislikes, row.ownRating),
  };
}

/**
 * An album picture as the caller sees it: open with its signed URLs (`urls`), or locked (null: no
 * key, no URL, only its place and shape).
 */
export function presentPicture(row: PictureRow, urls: PictureUrls | null): AlbumPicture {
  if (urls === null)
    return { id: row.id, position: row.position, locked: true, aspect: aspectOfKey(row.imageKey) };
  return {
    id: row.id,
    position: row.position,
    image: imageRef(row.imageKey, row.ageRating),
    locked: false,
    urls,
    ...presentRating(row.likes, row.dislikes, row.ownRating),
  };
}

export function presentComment(row: CommentRow): AlbumComment {
  return {
    id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    guestName: row.guestName,
    isOwn: row.isOwn,
  };
}
