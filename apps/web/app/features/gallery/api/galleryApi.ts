/** The album page's REST calls (spec 7 `gallery/`); answers are checked against the contracts. */
import { galleryEndpoints as e, type GuestRatingValue } from '@vela/contracts/gallery';
import { endpointData, RestError } from '../../api/rest.ts';

export const rateAlbum = (albumId: number, guestRating: GuestRatingValue) =>
  endpointData(e.rateAlbum, { body: { albumId, guestRating } });

export const ratePicture = (pictureId: number, guestRating: GuestRatingValue) =>
  endpointData(e.ratePicture, { body: { pictureId, guestRating } });

export const rateSedcard = (actorId: number, guestRating: GuestRatingValue) =>
  endpointData(e.rateSedcard, { params: { actorId }, body: { guestRating } });

export const postComment = (albumId: number, commentText: string) =>
  endpointData(e.postComment, { body: { albumId, commentText } });

export const getComments = (albumId: number, offset: number, limit: number) =>
  endpointData(e.comments, { query: { albumId, limit, offset } });

export const openAlbum = (albumId: number) => endpointData(e.openByPost, { body: { albumId } });

export { RestError };
