/**
 * The calls around the player (issue 17 deliverable 7): like/dislike of a video through the
 * query-language service (spec 7 mutations; `/graphql` takes the page's short-lived access token as
 * `Authorization: Bearer`, never the cookie) and `guest/sendVideoShareEmail` (REST, declared in
 * @vela/contracts/video-actions). Every failure is a RestError with the server's code, so the
 * components show a message a person can act on.
 */
import type { GuestRatingValue } from '@vela/contracts/gallery';
import {
  type SendVideoShareEmailRequest,
  VIDEO_RATING_DOCUMENTS,
  type VideoRating,
  VideoRatingSchema,
  videoShareEndpoints,
} from '@vela/contracts/video-actions';
import { graphqlField, pageAccessToken } from '../../api/graphql.ts';
import { endpointData, RestError } from '../../api/rest.ts';

/** Runs a document; `field`'s value checked against the rating contract. */
async function ratingCall(query: string, field: string, variables: object, withToken: boolean) {
  const value = await graphqlField(query, variables, field, withToken ? await pageAccessToken() : null);
  if (value === null || value === undefined) throw new RestError('VIDEO_NOT_FOUND', 'No such video', 404);
  const parsed = VideoRatingSchema.safeParse(value);
  if (!parsed.success) throw new RestError('INVALID_RESPONSE', 'The answer does not fit the contract', 200);
  return parsed.data;
}

/** Sets the guest's rating of a video: 1 like, -1 dislike, 0 takes the rating back. */
export function rateVideo(videoId: number, rating: GuestRatingValue): Promise<VideoRating> {
  if (rating === 0) {
    // Taking back: undo on the mutation of the kind the guest gave (either clears the stored rating).
    return ratingCall(VIDEO_RATING_DOCUMENTS.likeVideo, 'likeVideo', { videoId, undo: true }, true);
  }
  const field = rating === 1 ? 'likeVideo' : 'dislikeVideo';
  return ratingCall(VIDEO_RATING_DOCUMENTS[field], field, { videoId }, true);
}

/** A video's counts and, for a logged-in guest, the guest's own flags. */
export function loadVideoRating(videoId: number, loggedIn: boolean): Promise<VideoRating> {
  return ratingCall(VIDEO_RATING_DOCUMENTS.videoRating, 'videoRating', { videoId }, loggedIn);
}

/** POST guest/sendVideoShareEmail. */
export const sendVideoShareEmail = (body: SendVideoShareEmailRequest) =>
  endpointData(videoShareEndpoints.sendVideoShareEmail, { body });

export { RestError };
