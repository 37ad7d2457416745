/** The album page's REST calls (spec 7 `gallery/`); answers are checked against the contracts. */
import {
  AlbumCommentsSchema,
  type GuestRatingValue,
  OpenAlbumResponseSchema,
  PostCommentResponseSchema,
  RatingFieldsSchema,
} from '@vela/contracts/gallery';
import { RestError, restData } from '../../api/rest.ts';

export const rateAlbum = (albumId: number, guestRating: GuestRatingValue) =>
  restData('POST', 'gallery/setGuestRating', RatingFieldsSchema, { albumId, guestRating });

export const ratePicture = (pictureId: number, guestRating: GuestRatingValue) =>
  restData('POST', 'gallery/setPictureGuestRating', RatingFieldsSchema, { pictureId, guestRating });

export const rateSedcard = (actorId: number, guestRating: GuestRatingValue) =>
  restData('POST', `gallery/setSedcardsGuestRating/${actorId}`, RatingFieldsSchema, { guestRating });

export const postComment = (albumId: number, commentText: string) =>
  restData('POST', 'gallery/postComment', PostCommentResponseSchema, { albumId, commentText });

export const getComments = (albumId: number, offset: number, limit: number) =>
  restData(
    'GET',
    `gallery/getComments?albumId=${albumId}&limit=${limit}&offset=${offset}`,
    AlbumCommentsSchema,
  );

export const openAlbum = (albumId: number) =>
  restData('POST', 'gallery/open', OpenAlbumResponseSchema, { albumId });

export { RestError };
